import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESIGN_SERVER_MESSAGES, requiredMessage, type QuestionnaireField } from '@shop/contracts';
import { designHistory, designSubmissions } from '../../../src/db/schema/designs';
import { mailQueue } from '../../../src/db/schema/mail';
import { notifications } from '../../../src/db/schema/notifications';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { EXE, PDF } from '../../support/files';
import { DONT_HAVE_DESIGN_FIELDS, HAVE_DESIGN_FIELDS, designFile, storedFiles, submit } from './support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;

async function expectNothingStored() {
  expect(await db().$count(designSubmissions)).toBe(0);
  expect(await db().$count(designHistory)).toBe(0);
  expect(await db().$count(mailQueue)).toBe(0);
  expect(await db().$count(notifications)).toBe(0);
  expect(await storedFiles(t)).toEqual([]);
}

describe('a guest submits the haveDesign tab', () => {
  it('stores the design privately, mails the guest and notifies every admin', async () => {
    const admin1 = await createAdmin(t.app, t.ctx);
    const admin2 = await createAdmin(t.app, t.ctx);
    const res = await submit(t, HAVE_DESIGN_FIELDS, [designFile()]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(DESIGN_SERVER_MESSAGES.submitted);
    expect(body.design.slug).toMatch(new RegExp(`^DS-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(body.design).toMatchObject({ title: 'Acme Widgets floor plan', status: 'pending' });

    const [row] = await db().select().from(designSubmissions);
    expect(row).toMatchObject({
      userId: null,
      email: 'guest.planner@example.com',
      selectedTab: 'haveDesign',
      companyName: 'Acme Widgets',
      zipCode: '94107',
      totalNumber: '11-49',
      features: ['Low Walls', 'Pedestals'],
      interest: 'Both',
      options: 'Data Outlets',
      designFileName: 'floor-plan.png',
      designFileMime: 'image/png',
      status: 'pending',
    });
    // Stored under a random name (chosen before its bytes arrive), nothing of the original one.
    expect(row!.designFileKey).toMatch(/^designs\/[0-9a-f]{32}$/);
    const files = await storedFiles(t);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain('floor-plan');

    const history = await db().select().from(designHistory);
    expect(history).toEqual([
      expect.objectContaining({ designId: row!.id, kind: 'submitted', actorId: null }),
    ]);

    const notes = await db().select().from(notifications);
    expect(notes.map((n) => n.userId).sort()).toEqual([admin1.user.id, admin2.user.id].sort());
    expect(notes[0]!.data).toMatchObject({ type: 'design_submission', design_id: row!.id, slug: row!.slug });

    const mails = await t.deliverMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: guest.planner@example.com');
    expect(mails[0]).toContain(row!.slug);
  });

  it('gives every design its own design number', async () => {
    const a = (await submit(t, HAVE_DESIGN_FIELDS, [designFile()])).json().design.slug;
    const b = (await submit(t, HAVE_DESIGN_FIELDS, [designFile(PDF, 'plan.pdf')])).json().design.slug;
    expect(a).not.toBe(b);
  });

  it.each<QuestionnaireField>([
    'email',
    'description',
    'design_file',
    'name',
    'company_name',
    'zip_code',
    'phone',
  ])('refuses a submission without %s with 422 naming it, and stores nothing', async (field) => {
    const fields: Record<string, string> = { ...HAVE_DESIGN_FIELDS };
    delete fields[field];
    const res = await submit(t, fields, field === 'design_file' ? [] : [designFile()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [requiredMessage(field)] });
    await expectNothingStored();
  });

  it('accepts the design without the optional steps', async () => {
    const { totalNumber: _t, features: _f, interest: _i, options: _o, ...fields } = HAVE_DESIGN_FIELDS;
    const res = await submit(t, fields, [designFile(PDF, 'plan.pdf')]);
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(designSubmissions);
    expect(row).toMatchObject({
      totalNumber: null,
      features: [],
      interest: null,
      options: null,
      designFileMime: 'application/pdf',
    });
  });

  it('answers a guest without e-mail with 422 on email', async () => {
    const res = await submit(t, { ...HAVE_DESIGN_FIELDS, email: '' }, [designFile()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([requiredMessage('email')]);
    await expectNothingStored();
  });

  it('refuses a renamed executable as the design file with 415 and leaves no row or file', async () => {
    const res = await submit(t, HAVE_DESIGN_FIELDS, [designFile(EXE, 'plan.png')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.design_file).toEqual([DESIGN_SERVER_MESSAGES.designFileType]);
    await expectNothingStored();
  });

  it('refuses a design file over 20 MB with 413 and leaves no row or file', async () => {
    const big = Buffer.concat([designFile().data, Buffer.alloc(20 * 1024 * 1024)]);
    const res = await submit(t, HAVE_DESIGN_FIELDS, [designFile(big)]);
    expect(res.statusCode).toBe(413);
    await expectNothingStored();
  });

  it('refuses option values outside the questionnaire', async () => {
    const res = await submit(
      t,
      {
        ...HAVE_DESIGN_FIELDS,
        totalNumber: '1000',
        features: JSON.stringify(['Glass Walls']),
        interest: 'Rental',
        options: 'Wifi',
      },
      [designFile()],
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'features.0',
      'interest',
      'options',
      'totalNumber',
    ]);
    await expectNothingStored();
  });

  it('refuses an unknown tab', async () => {
    const res = await submit(t, { ...HAVE_DESIGN_FIELDS, selectedTab: 'maybe' }, [designFile()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.selectedTab).toBeDefined();
    await expectNothingStored();
  });

  it('limits guests per address (429)', async () => {
    await t.close();
    t = await createTestApp({ limits: { designGuest: { points: 2, windowSeconds: 3600 } } });
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS)).statusCode).toBe(201);
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS)).statusCode).toBe(201);
    const res = await submit(t, DONT_HAVE_DESIGN_FIELDS);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // A signed-in customer is not limited by the guest rule.
    const customer = await registerCustomer(t.app);
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS, [], bearer(customer.token))).statusCode).toBe(201);
  });

  it('limits a signed-in customer per account (429), before the upload; another customer still submits', async () => {
    await t.close();
    t = await createTestApp({ limits: { designCustomer: { points: 2, windowSeconds: 3600 } } });
    const customer = await registerCustomer(t.app);
    const as = bearer(customer.token);
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS, [], as)).statusCode).toBe(201);
    // Refused input spends nothing.
    expect((await submit(t, { ...DONT_HAVE_DESIGN_FIELDS, interest: '' }, [], as)).statusCode).toBe(422);
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS, [], as)).statusCode).toBe(201);
    const before = await db().$count(designSubmissions);
    const refused = await submit(t, HAVE_DESIGN_FIELDS, [designFile()], as);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await db().$count(designSubmissions)).toBe(before);
    expect(await storedFiles(t)).toHaveLength(0);
    const other = await registerCustomer(t.app);
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS, [], bearer(other.token))).statusCode).toBe(201);
  });

  it('refused submissions spend none of a guest address’s allowance, and a full one refuses before the upload', async () => {
    await t.close();
    t = await createTestApp({ limits: { designGuest: { points: 2, windowSeconds: 3600 } } });
    // Bad input of every kind, more times than the allowance: 422, 415, none of them counted.
    for (let i = 0; i < 3; i++) {
      expect((await submit(t, { ...DONT_HAVE_DESIGN_FIELDS, email: '' })).statusCode).toBe(422);
      expect((await submit(t, HAVE_DESIGN_FIELDS, [designFile(EXE, 'plan.png')])).statusCode).toBe(415);
    }
    await expectNothingStored();
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS)).statusCode).toBe(201);
    expect((await submit(t, DONT_HAVE_DESIGN_FIELDS)).statusCode).toBe(201);
    // Out of points: refused before the file is even stored, and nothing more is written.
    const before = await db().$count(designSubmissions);
    const refused = await submit(t, HAVE_DESIGN_FIELDS, [designFile()]);
    expect(refused.statusCode).toBe(429);
    expect(await db().$count(designSubmissions)).toBe(before);
    expect(await storedFiles(t)).toHaveLength(0);
  });
});

describe('the dontHaveDesign tab', () => {
  it('accepts the questionnaire without a file and derives the title', async () => {
    const res = await submit(t, DONT_HAVE_DESIGN_FIELDS);
    expect(res.statusCode).toBe(201);
    expect(res.json().design.title).toBe('Blank Slate LLC workspace request');
    const [row] = await db().select().from(designSubmissions);
    expect(row).toMatchObject({
      selectedTab: 'dontHaveDesign',
      designFileKey: null,
      features: ['Tall Walls'],
      options: null,
    });
  });

  it.each<QuestionnaireField>([
    'totalNumber',
    'features',
    'interest',
    'name',
    'email',
    'company_name',
    'zip_code',
    'phone',
  ])('refuses a request without %s with 422 naming it', async (field) => {
    const fields: Record<string, string> = { ...DONT_HAVE_DESIGN_FIELDS };
    delete fields[field];
    const res = await submit(t, fields);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [requiredMessage(field)] });
    await expectNothingStored();
  });

  it('counts an empty features list as missing', async () => {
    const res = await submit(t, { ...DONT_HAVE_DESIGN_FIELDS, features: '[]' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.features).toEqual([requiredMessage('features')]);
  });

  it('accepts features sent as repeated fields', async () => {
    const res = await submit(t, {
      ...DONT_HAVE_DESIGN_FIELDS,
      features: undefined,
      'features[]': ['Low Walls', 'Overhead Bins'],
    });
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(designSubmissions);
    expect(row!.features).toEqual(['Low Walls', 'Overhead Bins']);
  });
});

describe('a customer submits', () => {
  it("uses the account's e-mail, ignoring the one sent, and the design name as title", async () => {
    const customer = await registerCustomer(t.app, 'owner@example.com');
    const res = await submit(
      t,
      { ...HAVE_DESIGN_FIELDS, email: 'someone.else@example.com', title: 'Second floor' },
      [designFile()],
      bearer(customer.token),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().design.title).toBe('Second floor');
    const [row] = await db().select().from(designSubmissions);
    expect(row).toMatchObject({ userId: customer.user.id, email: 'owner@example.com' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/design-submissions',
      headers: bearer(customer.token),
    });
    expect(list.json()).toMatchObject({ total: 1, current_page: 1, last_page: 1, per_page: 10 });
    expect(list.json().data[0]).toMatchObject({
      slug: row!.slug,
      title: 'Second floor',
      status: 'pending',
      email: 'owner@example.com',
    });
    const mails = await t.deliverMail();
    expect(mails[0]).toContain('To: owner@example.com');
  });

  it('needs no e-mail field from a customer', async () => {
    const customer = await registerCustomer(t.app);
    const { email: _e, ...fields } = DONT_HAVE_DESIGN_FIELDS;
    expect((await submit(t, fields, [], bearer(customer.token))).statusCode).toBe(201);
  });

  it('refuses an admin session (403)', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const res = await submit(t, DONT_HAVE_DESIGN_FIELDS, [], bearer(admin.token));
    expect(res.statusCode).toBe(403);
    await expectNothingStored();
  });
});
