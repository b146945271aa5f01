import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@shop/contracts';
import { messageAttachments } from '../../src/db/schema/chat';
import { designSubmissions, recommendationFiles } from '../../src/db/schema/designs';
import { uploadJournal } from '../../src/db/schema/uploads';
import { users } from '../../src/db/schema/users';
import type { DiskSpace } from '../../src/platform/files/disk-guard';
import { uploadJournalOf } from '../../src/platform/files/upload-journal';
import { sendMessage } from '../modules/chat/support';
import { HAVE_DESIGN_FIELDS, designFile, storedFiles, submit } from '../modules/designs/support';
import { PDF, image } from '../support/files';
import { bearer, createAdmin, registerCustomer } from '../support/http';
import { multipart } from '../support/multipart';
import { listen } from '../support/realtime';
import { startSlowUpload } from '../support/slow-upload';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app';

const KB = 1024;
const GB = 1024 * 1024 * 1024;

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;

/** A PDF of about `kb` kilobytes. */
const pdfOf = (kb: number) => Buffer.concat([PDF, Buffer.alloc(kb * KB, 0x20)]);
const designPdf = (kb: number) => ({ ...designFile(pdfOf(kb), 'plan.pdf'), type: 'application/pdf' });

/** Nothing of a refused upload is left: no file in storage, no journal row. */
async function expectNothingLeft(filesBefore: number) {
  expect(await storedFiles(t)).toHaveLength(filesBefore);
  expect(await db().$count(uploadJournal)).toBe(0);
}

async function start(opts: TestAppOptions = {}) {
  t = await createTestApp(opts);
}

/** A disk whose free space the test sets. */
function fakeDisk(space: DiskSpace) {
  const disk = { space };
  return { disk, probe: async () => disk.space };
}

describe('disk guard', () => {
  it('refuses a customer design upload with 507 and a clear message while the disk is nearly full, storing nothing', async () => {
    const { disk, probe } = fakeDisk({ availableBytes: 500 * 1024 * 1024, totalBytes: 100 * GB });
    await start({ ctx: { diskSpace: probe } });
    const customer = await registerCustomer(t.app);

    const refused = await submit(t, HAVE_DESIGN_FIELDS, [designPdf(10)], bearer(customer.token));
    expect(refused.statusCode).toBe(507);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.diskLow);
    await expectNothingLeft(0);
    expect(await db().$count(designSubmissions)).toBe(0);

    // With room again (above both the 1 GiB and the 5 % floor) the same upload goes through.
    disk.space = { availableBytes: 20 * GB, totalBytes: 100 * GB };
    expect((await submit(t, HAVE_DESIGN_FIELDS, [designPdf(10)], bearer(customer.token))).statusCode).toBe(
      201,
    );
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('applies the percentage floor too', async () => {
    // 3 GiB free is above the 1 GiB floor but under 5 % of a 100 GiB disk.
    const { probe } = fakeDisk({ availableBytes: 3 * GB, totalBytes: 100 * GB });
    await start({ ctx: { diskSpace: probe } });
    const res = await submit(t, HAVE_DESIGN_FIELDS, [designPdf(10)]);
    expect(res.statusCode).toBe(507);
    await expectNothingLeft(0);
  });

  it('refuses chat attachments, profile photos and admins’ uploads alike; text messages still go through', async () => {
    const { probe } = fakeDisk({ availableBytes: 100 * 1024 * 1024, totalBytes: 100 * GB });
    await start({ ctx: { diskSpace: probe } });
    const customer = await registerCustomer(t.app);
    const admin = await createAdmin(t.app, t.ctx);

    const chat = await sendMessage(t, customer.token, admin.user.id, 'see attached', [
      { name: 'plan.pdf', data: pdfOf(5) },
    ]);
    expect(chat.statusCode).toBe(507);
    expect(chat.json().message).toBe(UPLOAD_MESSAGES.diskLow);
    expect(await db().$count(messageAttachments)).toBe(0);
    expect((await sendMessage(t, customer.token, admin.user.id, 'text only')).statusCode).toBe(200);

    const photo = await multipart({ name: 'Pat Doe', phone: '+1 555 010 2000' }, [
      { field: 'photo', name: 'me.png', data: await image('png'), type: 'image/png' },
    ]);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      payload: photo.payload,
      headers: { ...photo.headers, ...bearer(customer.token) },
    });
    expect(profile.statusCode).toBe(507);
    expect(profile.json().message).toBe(UPLOAD_MESSAGES.diskLow);

    const product = await multipart(
      {
        name: 'Walnut Desk',
        sku: 'DSK-1',
        description: 'A desk.',
        category_id: '',
        price: '10.00',
        stock_quantity: '1',
      },
      [{ field: 'photo', name: 'desk.png', data: await image('png'), type: 'image/png' }],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      payload: product.payload,
      headers: { ...product.headers, ...bearer(admin.token) },
    });
    expect(created.statusCode).toBe(507);
    await expectNothingLeft(0);
  });

  it('does not apply to a bucket', async () => {
    await start();
    const low = async () => ({ availableBytes: 0, totalBytes: 100 * GB });
    const onDisk = uploadJournalOf({ ...t.ctx, diskSpace: low });
    await expect(onDisk.assertRoom()).rejects.toMatchObject({ statusCode: 507 });
    const inBucket = uploadJournalOf({
      ...t.ctx,
      diskSpace: low,
      config: {
        ...t.ctx.config,
        s3: { bucket: 'files', region: 'us-east-1', forcePathStyle: true, prefix: '' },
      },
    });
    await expect(inBucket.assertRoom()).resolves.toBeUndefined();
  });
});

describe('per-customer upload space', () => {
  it('refuses the design that would pass the space with 413 and the reason, storing nothing', async () => {
    await start({ env: { UPLOAD_QUOTA_MB: '1' } });
    const customer = await registerCustomer(t.app);
    expect((await submit(t, HAVE_DESIGN_FIELDS, [designPdf(600)], bearer(customer.token))).statusCode).toBe(
      201,
    );

    const refused = await submit(t, HAVE_DESIGN_FIELDS, [designPdf(600)], bearer(customer.token));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      message: UPLOAD_MESSAGES.storageQuota(1),
      errors: { design_file: [UPLOAD_MESSAGES.storageQuota(1)] },
    });
    await expectNothingLeft(1);
    expect(await db().$count(designSubmissions)).toBe(1);

    // Chat attachments count against the same space.
    const admin = await createAdmin(t.app, t.ctx);
    const chat = await sendMessage(t, customer.token, admin.user.id, 'plan', [
      { name: 'plan.pdf', data: pdfOf(600) },
    ]);
    expect(chat.statusCode).toBe(413);
    expect(chat.json().errors.attachments).toEqual([UPLOAD_MESSAGES.storageQuota(1)]);
    expect(await db().$count(messageAttachments)).toBe(0);
    await expectNothingLeft(1);

    // Another customer has a space of their own.
    const other = await registerCustomer(t.app);
    expect((await submit(t, HAVE_DESIGN_FIELDS, [designPdf(600)], bearer(other.token))).statusCode).toBe(201);
  });

  it('counts guest uploads by address', async () => {
    await start({ env: { UPLOAD_QUOTA_MB: '1' } });
    const as = (email: string) => ({ ...HAVE_DESIGN_FIELDS, email });
    expect((await submit(t, as('guest@example.com'), [designPdf(600)])).statusCode).toBe(201);
    const refused = await submit(t, as('GUEST@example.com'), [designPdf(600)]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.storageQuota(1));
    await expectNothingLeft(1);
    expect((await submit(t, as('someone.else@example.com'), [designPdf(600)])).statusCode).toBe(201);
    expect(await db().$count(designSubmissions)).toBe(2);
  });

  it('refuses two uploads at once that together pass the space', async () => {
    await start({ env: { UPLOAD_QUOTA_MB: '1' } });
    const customer = await registerCustomer(t.app);
    const results = await Promise.all(
      [1, 2, 3].map(() => submit(t, HAVE_DESIGN_FIELDS, [designPdf(400)], bearer(customer.token))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 413]);
    await expectNothingLeft(2);
  });

  it('does not apply to admins’ recommendation files', async () => {
    await start({ env: { UPLOAD_QUOTA_MB: '1', UPLOAD_RATE_MB_PER_HOUR: '1' } });
    const admin = await createAdmin(t.app, t.ctx);
    const created = await submit(t, HAVE_DESIGN_FIELDS, [designPdf(10)]);
    expect(created.statusCode).toBe(201);
    const [design] = await db().select().from(designSubmissions);
    const body = await multipart({}, [
      { field: 'recommendation_files[]', name: 'a.pdf', data: pdfOf(700), type: 'application/pdf' },
      { field: 'recommendation_files[]', name: 'b.pdf', data: pdfOf(700), type: 'application/pdf' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/designs/${design!.id}/update`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode).toBe(200);
    expect(await db().$count(recommendationFiles)).toBe(2);
  });
});

describe('per-customer upload rate', () => {
  it('refuses uploads past the hour’s rate with 429 and the reason, storing nothing', async () => {
    await start({ env: { UPLOAD_RATE_MB_PER_HOUR: '1' } });
    const customer = await registerCustomer(t.app);
    const admin = await createAdmin(t.app, t.ctx);
    expect((await submit(t, HAVE_DESIGN_FIELDS, [designPdf(600)], bearer(customer.token))).statusCode).toBe(
      201,
    );
    // Deleting the design frees its space but not the rate already spent.
    const [design] = await db().select().from(designSubmissions);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/design-submissions/${design!.slug}`,
      headers: bearer(customer.token),
    });
    expect(deleted.statusCode).toBe(200);

    const chat = await sendMessage(t, customer.token, admin.user.id, 'plan', [
      { name: 'plan.pdf', data: pdfOf(600) },
    ]);
    expect(chat.statusCode).toBe(429);
    expect(chat.json().message).toBe(UPLOAD_MESSAGES.rateQuota);
    expect(Number(chat.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db().$count(messageAttachments)).toBe(0);
    await expectNothingLeft(0);
    // The account itself still works.
    expect(await db().$count(users)).toBeGreaterThan(0);
    expect((await sendMessage(t, customer.token, admin.user.id, 'no file this time')).statusCode).toBe(200);
  });
});

describe('uploads to what does not exist', () => {
  it('are answered 404 while their files are still arriving, and nothing of them is stored', async () => {
    await start();
    const url = await listen(t.app);
    const admin = await createAdmin(t.app, t.ctx);
    const customer = await registerCustomer(t.app);
    const missing = 2_000_000_000;
    for (const [what, token, target] of [
      [
        "a design's review",
        admin.token,
        {
          path: `/api/admin/designs/${missing}/update`,
          fields: { status: 'approved' },
          fileField: 'recommendation_files',
        },
      ],
      [
        "a product's edit",
        admin.token,
        {
          path: `/api/admin/products/${missing}?_method=PUT`,
          fields: { name: 'Desk' },
          fileField: 'gallery',
        },
      ],
      [
        'a chat message',
        customer.token,
        { path: `/api/messages/${missing}`, fields: { message: 'hello' }, fileField: 'attachments' },
      ],
    ] as const) {
      // Half the file is sent; the rest never is, so only an answer given before the body ends can arrive.
      const upload = startSlowUpload(url, token, 4 * 1024 * 1024, target);
      expect(await upload.outcome, what).toEqual({
        status: 404,
        body: JSON.stringify({ message: 'Not found.' }),
      });
      upload.abort();
    }
    expect(await storedFiles(t)).toHaveLength(0);
    expect(await db().$count(uploadJournal)).toBe(0);
  });
});
