import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { bearer } from './http';

export type UploadOutcome = { status: number; body: string } | { error: string };

export interface SlowUpload {
  /** Sends the rest of the file and ends the request. */
  finish(): void;
  /** Gives the request up without sending the rest (its connection closed). */
  abort(): void;
  /** The answer, or what ended the request without one (the connection cut). */
  outcome: Promise<UploadOutcome>;
}

const boundary = '----shop-slow-upload';

/** Where a slow upload goes: its path, its text fields and the field of its file. */
export interface UploadTarget {
  path: string;
  fields: Record<string, string>;
  fileField: string;
}

/** A customer's design submission. */
const designSubmission: UploadTarget = {
  path: '/api/user/design-submissions',
  fields: {
    selectedTab: 'haveDesign',
    description: 'Open plan',
    name: 'Sam Slow',
    company_name: 'Slow Uploads Co',
    zip_code: '94107',
    phone: '555 0103',
  },
  fileField: 'design_file',
};

/**
 * An upload (by default a customer's design submission) over a connection of its own, as a browser on a slow line
 * sends it: the first half of the file at once, the rest when `finish` is called.
 */
export function startSlowUpload(
  baseUrl: string,
  token: string,
  fileBytes = 512 * 1024,
  target: UploadTarget = designSubmission,
): SlowUpload {
  const head = Buffer.from(
    Object.entries(target.fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${target.fileField}"; filename="plan.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n%%EOF\n\r\n--${boundary}--\r\n`);
  const half = Math.floor(fileBytes / 2);
  const url = new URL(baseUrl);
  const req = request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: target.path,
    agent: false,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 2 * half + tail.length),
      ...bearer(token),
    },
  });
  const outcome = new Promise<UploadOutcome>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
  req.write(head);
  req.write(Buffer.alloc(half, 0x20));
  return {
    outcome,
    finish() {
      req.write(Buffer.alloc(half, 0x20));
      req.end(tail);
    },
    abort() {
      req.destroy();
    },
  };
}

/** Resolves once `count` design files are being written under `dataDir`: their requests are being handled. */
export async function uploadsBeingWritten(dataDir: string, count: number, timeoutMs = 15_000): Promise<void> {
  const folder = path.join(dataDir, 'files', 'designs');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(folder).catch(() => [] as string[]);
    const sizes = await Promise.all(
      names
        .filter((n) => n.endsWith('.part'))
        .map((n) =>
          stat(path.join(folder, n)).then(
            (s) => s.size,
            () => 0,
          ),
        ),
    );
    if (sizes.filter((size) => size > 0).length >= count) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} uploads to be written`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A GET over a new connection: its status, or the error code of a refused connection. */
export function getOnNewConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}
