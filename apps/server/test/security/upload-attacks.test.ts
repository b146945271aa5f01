/**
 * Hostile uploads against every upload route: files that lie about their type, polyglots, path-traversal names,
 * endless bodies and decompression bombs. Nothing hostile is stored, and what is stored is served safely.
 */
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@shop/contracts';
import { designSubmissions } from '../../src/db/schema/designs';
import { uploadJournal } from '../../src/db/schema/uploads';
import { bearer, createAdmin, registerCustomer } from '../support/http';
import { animatedPng, image, PNG_1PX, pngChunk } from '../support/files';
import { multipart, type FilePart } from '../support/multipart';
import { createTestApp, type TestApp } from '../support/test-app';

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
/** Starts as a PNG and carries a script: a type sniffer that trusts the start sees an image. */
const POLYGLOT = Buffer.concat([PNG_1PX, Buffer.from('<script>alert("polyglot")</script>')]);

/** A few hundred bytes that claim a 60,000 x 60,000 pixel canvas (3.6 billion pixels). */
const PNG_BOMB = (() => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
})();

let t: TestApp;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  customer = await registerCustomer(t.app);
  admin = await createAdmin(t.app, t.ctx);
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;

/** The app on a real port, for bodies that must travel through a socket as they are sent. */
async function listening(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out.sort();
}

const DESIGN_FIELDS = {
  selectedTab: 'haveDesign',
  description: 'Open plan',
  name: 'Ann Owner',
  company_name: 'Owner Co',
  zip_code: '94107',
  phone: '555 0102',
};

/** Every upload route, with the field its file goes in. */
const routes = {
  design: (file: FilePart) => ({
    url: '/api/user/design-submissions',
    token: customer.token,
    fields: DESIGN_FIELDS,
    file: { ...file, field: 'design_file' },
  }),
  chat: (file: FilePart) => ({
    url: `/api/messages/${admin.user.id}`,
    token: customer.token,
    fields: { message: 'see file' },
    file: { ...file, field: 'attachments[0]' },
  }),
  profilePhoto: (file: FilePart) => ({
    url: '/api/profile/update',
    token: customer.token,
    fields: { name: 'Ann Owner', phone: '+1 555 010 2000' },
    file: { ...file, field: 'photo' },
  }),
  productPhoto: (file: FilePart) => ({
    url: '/api/admin/products',
    token: admin.token,
    fields: {
      name: `Desk ${Math.random()}`,
      sku: `SKU-${Math.random().toString(36).slice(2, 8)}`,
      description: 'x',
      price: '10.00',
      stock_quantity: '1',
    },
    file: { ...file, field: 'photo' },
  }),
  adminPhoto: (file: FilePart) => ({
    url: '/api/admin/profile/update',
    token: admin.token,
    fields: { name: 'Admin', email: admin.email },
    file: { ...file, field: 'photo' },
  }),
};

async function upload(route: keyof typeof routes, file: FilePart) {
  const r = routes[route](file);
  const body = await multipart(r.fields, [r.file]);
  return t.app.inject({
    method: 'POST',
    url: r.url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(r.token) },
  });
}

describe('files that lie about their type', () => {
  const liars: [string, Buffer][] = [
    ['an ELF executable', ELF],
    ['an HTML page', HTML],
    ['an SVG with a script', SVG],
  ];
  for (const [what, data] of liars) {
    it.each(Object.keys(routes) as (keyof typeof routes)[])(
      `refuses ${what} named .png on %s with 415 and stores nothing`,
      async (route) => {
        const before = await storedFiles();
        const res = await upload(route, { field: 'x', name: 'photo.png', data, type: 'image/png' });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({ message: expect.any(String) });
        expect(await storedFiles()).toEqual(before);
        expect(await t.ctx.database.db.$count(uploadJournal)).toBe(0);
      },
    );
  }
});

describe('files that are accepted', () => {
  const images: [string, () => Promise<Buffer>][] = [
    ['a real image', () => image('png')],
    // Its bytes say 'image/apng' to the type detector; it is a PNG, and named so.
    ['an animated PNG (APNG)', async () => animatedPng(await image('png'))],
  ];
  for (const [what, data] of images) {
    it.each(Object.keys(routes) as (keyof typeof routes)[])(
      `stores ${what} on %s under a row that adopted it: nothing is left in the upload journal`,
      async (route) => {
        const before = await storedFiles();
        const res = await upload(route, {
          field: 'x',
          name: 'ok.png',
          data: await data(),
          type: 'image/png',
        });
        expect(res.statusCode).toBeLessThan(300);
        // New files (a profile photo replaces the one before it: the count alone may stay the same).
        expect((await storedFiles()).filter((f) => !before.includes(f))).not.toEqual([]);
        expect(await t.ctx.database.db.$count(uploadJournal)).toBe(0);
      },
    );
  }
});

describe('decompression bombs and polyglots', () => {
  it.each(['profilePhoto', 'productPhoto', 'adminPhoto'] as const)(
    'refuses a PNG that claims 3.6 gigapixels on %s, storing nothing',
    async (route) => {
      const before = await storedFiles();
      const res = await upload(route, { field: 'x', name: 'small.png', data: PNG_BOMB, type: 'image/png' });
      expect([415, 422]).toContain(res.statusCode);
      expect(await storedFiles()).toEqual(before);
    },
  );

  it('re-encodes public images, so a polyglot photo keeps none of its payload', async () => {
    const res = await upload('profilePhoto', {
      field: 'x',
      name: 'me.png',
      data: POLYGLOT,
      type: 'image/png',
    });
    // The polyglot is a readable PNG, so it is taken, and what is served is the shop's own encoding of it.
    expect(res.statusCode).toBe(200);
    const url = res.json().user.photo_url as string;
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('serves a private polyglot only as an attachment that browsers must not sniff', async () => {
    const res = await upload('design', { field: 'x', name: 'plan.png', data: POLYGLOT, type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const [design] = await t.ctx.database.db
      .select()
      .from(designSubmissions)
      .orderBy(desc(designSubmissions.id))
      .limit(1);
    const file = await t.app.inject({
      url: `/api/files/designs/${design!.id}/design-file`,
      headers: bearer(customer.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('image/png');
  });
});

describe('names and sizes', () => {
  it('keeps a path-traversal name only as sanitized metadata, and stores under a random key', async () => {
    const res = await upload('chat', {
      field: 'x',
      name: '../../../../etc/passwd.png',
      data: PNG_1PX,
      type: 'image/png',
    });
    expect(res.statusCode).toBeLessThan(300);
    const attachment = res.json().message.attachments[0] as { id: number; name: string };
    expect(attachment.name).toBe('passwd.png');
    for (const f of await storedFiles()) expect(f).not.toContain('..');
    const served = await t.app.inject({
      url: `/api/chat/attachments/${attachment.id}`,
      headers: bearer(customer.token),
    });
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="passwd.png"/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a body that declares more than the limit before reading it', async () => {
    const port = await listening();
    const boundary = '----shop-endless';
    // It declares 200 MB, sends the first part, then stays open: only a refusal that reads no further can answer.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/user/design-submissions',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(200 * 1024 * 1024),
          ...bearer(customer.token),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', (err) => (/hang up|ECONNRESET|EPIPE/.test(err.message) ? undefined : reject(err)));
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="design_file"; filename="huge.pdf"\r\n\r\n%PDF-1.4\n`,
      );
      req.write(Buffer.alloc(64 * 1024, 0x20));
    });
    expect(status).toBe(413);
  }, 20_000);

  it('refuses an upload over the limit with 413 and stores nothing', async () => {
    const before = await storedFiles();
    const designsBefore = await t.ctx.database.db.$count(designSubmissions);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    const res = await upload('design', { field: 'x', name: 'huge.pdf', data: big, type: 'application/pdf' });
    expect(res.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
    expect(await t.ctx.database.db.$count(designSubmissions)).toBe(designsBefore);
    expect(await t.ctx.database.db.$count(uploadJournal)).toBe(0);
  });
});

/**
 * Sends a multipart body with `Transfer-Encoding: chunked` (no length to refuse it by) as fast as the socket takes
 * it, from `parts` (each produced lazily, chunk by chunk), and stops at the first answer. Answers the status, the
 * body, how many bytes had been sent when the answer came, and whether the whole body had been sent by then.
 */
async function sendChunked(
  url: string,
  token: string,
  boundary: string,
  chunks: Iterable<Buffer>,
): Promise<{ status: number; body: string; sentAtAnswer: number; finished: boolean }> {
  const port = await listening();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let finished = false;
    let answered = false;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
        ...bearer(token),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const wasFinished = finished;
      const body: Buffer[] = [];
      res.on('data', (c: Buffer) => body.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(body).toString(),
          sentAtAnswer,
          finished: wasFinished,
        });
        req.destroy();
      });
    });
    // The server closes the connection after its answer: writing on is refused then.
    req.on('error', (err) => (/hang up|ECONNRESET|EPIPE/.test(err.message) ? undefined : reject(err)));
    const it = chunks[Symbol.iterator]();
    const pump = () => {
      while (!answered && !req.destroyed) {
        const next = it.next();
        if (next.done) {
          finished = true;
          req.end();
          return;
        }
        sent += next.value.length;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** `total` bytes of filler, 64 KiB at a time. */
function* filler(total: number, byte = 0x61): Generator<Buffer> {
  const block = Buffer.alloc(64 * 1024, byte);
  for (let left = total; left > 0; left -= block.length)
    yield left >= block.length ? block : block.subarray(0, left);
}

describe('interrupted uploads', () => {
  it('keeps nothing of a file whose client goes away while it is being written', async () => {
    const before = await storedFiles();
    const designsBefore = await t.ctx.database.db.$count(designSubmissions);
    const port = await listening();
    const boundary = '----shop-abandoned';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="selectedTab"\r\n\r\nhaveDesign\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="design_file"; filename="plan.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user/design-submissions',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 8 * MB),
        ...bearer(customer.token),
      },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(Buffer.alloc(4 * MB, 0x20));
    // The file is being written when the client disappears.
    await expect
      .poll(async () => (await storedFiles()).some((f) => f.endsWith('.part')), { timeout: 10_000 })
      .toBe(true);
    expect(await t.ctx.database.db.$count(uploadJournal)).toBe(1);
    req.destroy();
    await expect.poll(storedFiles, { timeout: 10_000 }).toEqual(before);
    await expect.poll(() => t.ctx.database.db.$count(uploadJournal), { timeout: 10_000 }).toBe(0);
    expect(await t.ctx.database.db.$count(designSubmissions)).toBe(designsBefore);
  }, 30_000);
});

describe('bodies without a length', () => {
  it('refuses a chunked body whose endless text field passes the budget, before the client is done', async () => {
    const boundary = '----shop-chunked-field';
    const total = 64 * MB;
    const chunks = (function* () {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn Owner\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n`,
      );
      // A text field is cut at 64 KiB by the parser, which still reads on to the next boundary: only the
      // count of the whole body stops it.
      yield* filler(total);
    })();
    // The profile photo route takes one 10 MB image: its budget is 11 MB.
    const res = await sendChunked('/api/profile/update', customer.token, boundary, chunks);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.tooLarge });
    expect(res.finished).toBe(false);
    // What was sent by then: the budget and what the sockets' buffers held, far less than the body.
    expect(res.sentAtAnswer).toBeLessThan(total / 2);
  }, 30_000);

  it('interrupts a file being streamed into storage when the body passes the budget, and keeps nothing', async () => {
    const before = await storedFiles();
    const designsBefore = await t.ctx.database.db.$count(designSubmissions);
    const boundary = '----shop-chunked-file';
    const field = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const chunks = (function* () {
      for (const [name, value] of Object.entries(DESIGN_FIELDS)) yield field(name, value);
      // 3 MB of text the parser drops, then a file under its own 20 MB limit: together they pass the 21 MB
      // budget while the file is being written. Then more text, that should never be read.
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n`);
      yield* filler(3 * MB);
      yield Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="design_file"; filename="plan.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      yield* filler(19 * MB, 0x20);
      yield Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="interest"\r\n\r\n`);
      yield* filler(30 * MB);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })();
    const res = await sendChunked('/api/user/design-submissions', customer.token, boundary, chunks);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.tooLarge });
    expect(res.finished).toBe(false);
    expect(res.sentAtAnswer).toBeLessThan(40 * MB);
    // The part of the file already written is gone, with its journal entry; no design was stored.
    expect(await storedFiles()).toEqual(before);
    expect(await t.ctx.database.db.$count(uploadJournal)).toBe(0);
    expect(await t.ctx.database.db.$count(designSubmissions)).toBe(designsBefore);
  }, 30_000);
});
