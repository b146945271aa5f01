import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageAttachments } from '../../src/db/schema/chat';
import { designSubmissions, recommendationFiles } from '../../src/db/schema/designs';
import { nameForType, sanitizeFileName } from '../../src/platform/files/storage';
import { sendMessage } from '../modules/chat/support';
import { HAVE_DESIGN_FIELDS, submit } from '../modules/designs/support';
import { PDF, PNG_1PX, image } from '../support/files';
import { bearer, createAdmin, registerCustomer } from '../support/http';
import { multipart } from '../support/multipart';
import { createTestApp, type TestApp } from '../support/test-app';

const RLO = '\u202e';
const BIDI = [
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('original names', () => {
  it.each(BIDI.map((c) => [c.codePointAt(0)!.toString(16)]))('strips U+%s', (hex) => {
    expect(sanitizeFileName(`plan${String.fromCodePoint(parseInt(hex, 16))}.pdf`)).toBe('plan.pdf');
  });

  it('strips C0 and C1 control characters and the byte order mark', () => {
    expect(sanitizeFileName('a\u0000b\u0007c\u001b\u007f\u0085\u009f\ufeff.txt')).toBe('abc.txt');
  });

  it('gives a name the extension of the type found in its bytes', () => {
    expect(nameForType(`invoice${RLO}fdp.exe`, 'pdf')).toBe('invoicefdp.pdf');
    expect(nameForType('x.html', 'png')).toBe('x.png');
    expect(nameForType('plan', 'pdf')).toBe('plan.pdf');
    expect(nameForType('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(nameForType('report.PDF', 'pdf')).toBe('report.PDF');
    expect(nameForType('archive.tar.exe', 'zip')).toBe('archive.tar.zip');
    expect(nameForType(`${'a'.repeat(200)}.exe`, 'pdf')).toMatch(/^a+\.pdf$/);
    expect(nameForType(`${'a'.repeat(200)}.exe`, 'pdf').length).toBeLessThanOrEqual(150);
  });
});

describe('names of stored uploads', () => {
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
  const db = () => t.ctx.database.db;

  it('keeps a chat attachment’s name free of bidi controls, with the extension of its real type', async () => {
    const res = await sendMessage(t, customer.token, admin.user.id, undefined, [
      { name: `invoice${RLO}fdp.exe`, data: PDF, type: 'application/pdf' },
      { name: 'x.html', data: await image('png'), type: 'text/html' },
    ]);
    expect(res.statusCode).toBe(200);
    const names = (res.json().message.attachments as { name: string }[]).map((a) => a.name);
    expect(names).toEqual(['invoicefdp.pdf', 'x.png']);
    const rows = await db().select().from(messageAttachments);
    expect(rows.map((r) => r.originalName).sort()).toEqual(['invoicefdp.pdf', 'x.png']);
    const served = await t.app.inject({
      url: `/api/chat/attachments/${rows.find((r) => r.mime === 'image/png')!.id}`,
      headers: bearer(customer.token),
    });
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="x.png"/);
  });

  it('names a design file and a recommendation file after their real type', async () => {
    const res = await submit(t, HAVE_DESIGN_FIELDS, [
      { field: 'design_file', name: `plan${RLO}gnp.html`, data: PNG_1PX, type: 'text/html' },
    ]);
    expect(res.statusCode).toBe(201);
    const [design] = await db()
      .select()
      .from(designSubmissions)
      .where(eq(designSubmissions.slug, res.json().design.slug as string));
    expect(design!.designFileName).toBe('plangnp.png');

    const body = await multipart({}, [
      { field: 'recommendation_files[]', name: 'proposal\u2066.exe', data: PDF, type: 'application/pdf' },
    ]);
    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/designs/${design!.id}/update`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(updated.statusCode).toBe(200);
    const [file] = await db().select().from(recommendationFiles);
    expect(file!.originalName).toBe('proposal.pdf');
  });
});
