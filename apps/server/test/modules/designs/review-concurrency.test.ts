import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESIGN_SERVER_MESSAGES } from '@shop/contracts';
import { designHistory, designSubmissions, recommendationFiles } from '../../../src/db/schema/designs';
import { mailQueue } from '../../../src/db/schema/mail';
import { notifications } from '../../../src/db/schema/notifications';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { PDF, PNG_1PX } from '../../support/files';
import type { FilePart } from '../../support/multipart';
import { designFile, HAVE_DESIGN_FIELDS, postReview, storedFiles, submit } from './support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;

/** A customer's design and two admins, A and B, with the submission's own mail and notifications cleared. */
async function setup() {
  const owner = await registerCustomer(t.app, 'owner@example.com');
  const a = await createAdmin(t.app, t.ctx);
  const b = await createAdmin(t.app, t.ctx);
  const res = await submit(t, { ...HAVE_DESIGN_FIELDS, title: 'Head office' }, [designFile()], {
    ...bearer(owner.token),
  });
  expect(res.statusCode).toBe(201);
  const [row] = await db()
    .select()
    .from(designSubmissions)
    .where(eq(designSubmissions.slug, res.json().design.slug as string));
  await db().delete(mailQueue);
  await db().delete(notifications);
  return { owner, a, b, id: row!.id, slug: row!.slug };
}

async function show(token: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/designs/${id}/show`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().design as {
    status: string;
    recommendation_notes: string | null;
    updated_at: string;
    comment_list: { body: string }[];
    recommendation_files: { id: number; name: string }[];
  };
}

const review = (
  token: string,
  id: number,
  fields: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
) => postReview(t, token, id, fields, files);

const pdf = (name: string, data = PDF): FilePart => ({
  field: 'recommendation_files[]',
  name,
  data,
  type: 'application/pdf',
});

/** Everything a refused review must leave as it was. */
async function state(id: number) {
  const [design] = await db().select().from(designSubmissions).where(eq(designSubmissions.id, id));
  return {
    design,
    files: await db().select().from(recommendationFiles).orderBy(recommendationFiles.id),
    history: await db().select().from(designHistory).orderBy(designHistory.id),
    notifications: await db().select().from(notifications).orderBy(notifications.id),
    mails: await db().select().from(mailQueue).orderBy(mailQueue.id),
    stored: (await storedFiles(t)).sort(),
  };
}

describe('a review of the version it was loaded from', () => {
  it('refuses a review of a design changed since (409) and changes nothing: status, notes, files, history, notices, mails', async () => {
    const { a, b, id } = await setup();
    const opened = await show(a.token, id);
    expect(opened.status).toBe('pending');
    expect(Date.parse(opened.updated_at)).not.toBeNaN();

    // B approves from the list and writes notes, while A's form still holds the first version.
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/designs/${id}/status`,
      headers: bearer(b.token),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect((await review(b.token, id, { recommendation_notes: 'B: use pedestals.' })).statusCode).toBe(200);
    const before = await state(id);

    // A attaches a file and saves the form as loaded: pending and A's stale notes.
    const res = await review(
      a.token,
      id,
      {
        status: 'pending',
        recommendation_notes: '',
        comments: 'A: see attached',
        updated_at: opened.updated_at,
      },
      [pdf('plan.pdf')],
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DESIGN_SERVER_MESSAGES.changedMeanwhile });
    expect(await state(id)).toEqual(before);
    expect(before.design).toMatchObject({ status: 'approved', recommendationNotes: 'B: use pedestals.' });

    // Read again, the same review is taken.
    const fresh = await show(a.token, id);
    const again = await review(a.token, id, { comments: 'A: see attached', updated_at: fresh.updated_at }, [
      pdf('plan.pdf'),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().design).toMatchObject({
      status: 'approved',
      recommendation_notes: 'B: use pedestals.',
      comments: 'A: see attached',
    });
    expect(again.json().design.updated_at).not.toBe(fresh.updated_at);
  });

  it('never removes a file the admin did not see: a stale removal of a name reused since is refused', async () => {
    const { a, b, id } = await setup();
    expect((await review(a.token, id, {}, [pdf('plan.pdf')])).statusCode).toBe(200);
    const opened = await show(a.token, id);
    expect(opened.recommendation_files.map((f) => f.name)).toEqual(['plan.pdf']);

    // B removes plan.pdf and uploads another plan.pdf.
    const bOpened = await show(b.token, id);
    const bRes = await review(
      b.token,
      id,
      { 'removed_recommendation_files[]': ['plan.pdf'], updated_at: bOpened.updated_at },
      [pdf('plan.pdf', Buffer.concat([PDF, Buffer.from('% version two')]))],
    );
    expect(bRes.statusCode, bRes.body).toBe(200);
    const [bFile] = bRes.json().design.recommendation_files as { id: number; name: string }[];
    expect(bFile!.id).not.toBe(opened.recommendation_files[0]!.id);
    const before = await state(id);

    const res = await review(a.token, id, {
      'removed_recommendation_files[]': ['plan.pdf'],
      updated_at: opened.updated_at,
    });
    expect(res.statusCode).toBe(409);
    expect(await state(id)).toEqual(before);
    const [row] = await db().select().from(recommendationFiles);
    expect(row!.id).toBe(bFile!.id);
    expect(await t.ctx.storage.exists(row!.fileKey)).toBe(true);
  });

  it.each([
    ['not a date', 'yesterday'],
    ['a date without a time', '2026-01-01'],
    ['an impossible date', '2026-02-30T10:00:00.000Z'],
    ['empty', ''],
  ])(
    'refuses a malformed version (%s) with 422 under updated_at and changes nothing',
    async (_label, value) => {
      const { a, id } = await setup();
      const before = await state(id);
      const res = await review(a.token, id, { status: 'approved', comments: 'Fine', updated_at: value }, [
        pdf('plan.pdf'),
      ]);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['updated_at']);
      expect(await state(id)).toEqual(before);
    },
  );

  it('takes a review whose version is the current one, the one each save answers with, and one without a version', async () => {
    const { owner, a, id } = await setup();
    const v0 = (await show(a.token, id)).updated_at;
    const first = await review(a.token, id, { status: 'approved', updated_at: v0 });
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json().design.updated_at as string;
    expect(Date.parse(v1)).toBeGreaterThan(Date.parse(v0));
    // Saved again at once: the version still moves on, even within the same millisecond.
    const second = await review(a.token, id, { recommendation_notes: 'Notes', updated_at: v1 });
    expect(second.statusCode, second.body).toBe(200);
    const v2 = second.json().design.updated_at as string;
    expect(Date.parse(v2)).toBeGreaterThan(Date.parse(v1));
    // The same offset in another notation is the same version.
    const plusTwo = new Date(Date.parse(v2) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const third = await review(a.token, id, { comments: 'Third', updated_at: plusTwo });
    expect(third.statusCode, third.body).toBe(200);

    // The customer's own edit is a change too.
    const v3 = third.json().design.updated_at as string;
    const slug = (await db().select().from(designSubmissions))[0]!.slug;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/user/design-submissions/${slug}`,
      headers: bearer(owner.token),
      payload: { phone: '555 0100' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await review(a.token, id, { status: 'rejected', updated_at: v3 })).statusCode).toBe(409);

    // An API client that sends no version has its review applied to the design as it is.
    const legacy = await review(a.token, id, { status: 'rejected' });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().design.status).toBe('rejected');
  });
});

describe('what a review sends is saved or refused, never dropped', () => {
  it('adds a comment that repeats the latest one, and tells the customer', async () => {
    const { owner, a, id } = await setup();
    expect((await review(a.token, id, { comments: 'Please send the dimensions.' })).statusCode).toBe(200);
    const res = await review(a.token, id, { comments: 'Please send the dimensions.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().design.comment_list.map((c: { body: string }) => c.body)).toEqual([
      'Please send the dimensions.',
      'Please send the dimensions.',
    ]);
    expect(await db().$count(designHistory, eq(designHistory.kind, 'comment'))).toBe(2);
    expect(await db().$count(notifications, eq(notifications.userId, owner.user.id))).toBe(2);
    expect(await db().$count(mailQueue)).toBe(2);
  });

  it('refuses to remove a file the design does not have (422 under removed_recommendation_files) and changes nothing', async () => {
    const { a, id } = await setup();
    expect(
      (await review(a.token, id, {}, [pdf('plan.pdf'), { ...pdf('render.png'), data: PNG_1PX }])).statusCode,
    ).toBe(200);
    await db().delete(mailQueue);
    await db().delete(notifications);
    const before = await state(id);

    const res = await review(
      a.token,
      id,
      {
        status: 'approved',
        comments: 'Swapped the plan',
        'removed_recommendation_files[]': ['plan.pdf', 'old-plan.pdf'],
      },
      [pdf('new-plan.pdf')],
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: DESIGN_SERVER_MESSAGES.recommendationFileUnknown,
      errors: { removed_recommendation_files: [DESIGN_SERVER_MESSAGES.recommendationFileUnknown] },
    });
    expect(await state(id)).toEqual(before);
    for (const file of before.files) expect(await t.ctx.storage.exists(file.fileKey)).toBe(true);

    // The names it has are removed.
    const ok = await review(a.token, id, { 'removed_recommendation_files[]': ['plan.pdf'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().design.recommendation_files.map((f: { name: string }) => f.name)).toEqual([
      'render.png',
    ]);
  });
});
