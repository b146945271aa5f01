import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESIGN_SERVER_MESSAGES, SEARCH_MAX_LENGTH } from '@shop/contracts';
import { designHistory, designSubmissions, recommendationFiles } from '../../../src/db/schema/designs';
import { mailQueue } from '../../../src/db/schema/mail';
import { notifications } from '../../../src/db/schema/notifications';
import { users } from '../../../src/db/schema/users';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { EXE, PDF, PNG_1PX } from '../../support/files';
import type { FilePart } from '../../support/multipart';
import {
  designFile,
  DONT_HAVE_DESIGN_FIELDS,
  HAVE_DESIGN_FIELDS,
  postReview,
  storedFiles,
  submit,
} from './support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** A customer with one submitted design, and an admin. */
async function setup() {
  const owner = await registerCustomer(t.app, 'owner@example.com');
  const other = await registerCustomer(t.app, 'other@example.com');
  const admin = await createAdmin(t.app, t.ctx);
  const res = await submit(
    t,
    { ...HAVE_DESIGN_FIELDS, title: 'Head office' },
    [designFile()],
    bearer(owner.token),
  );
  expect(res.statusCode).toBe(201);
  const slug = res.json().design.slug as string;
  const [row] = await db().select().from(designSubmissions).where(eq(designSubmissions.slug, slug));
  // The submission's own mail and notifications are not what these tests look at.
  await db().delete(mailQueue);
  await db().delete(notifications);
  return { owner, other, admin, slug, id: row!.id };
}

const adminUpdate = (
  token: string,
  id: number,
  fields: Record<string, string | string[] | undefined>,
  files: FilePart[] = [],
) => postReview(t, token, id, fields, files);

const recommendation = (data = PDF, name = 'proposal.pdf'): FilePart => ({
  field: 'recommendation_files[]',
  name,
  data,
  type: 'application/pdf',
});

describe('customer design screens', () => {
  it('lists only the customer’s designs, newest first, with the page fields', async () => {
    const { owner, other } = await setup();
    for (let i = 0; i < 11; i++)
      await submit(t, { ...HAVE_DESIGN_FIELDS, title: `Plan ${i}` }, [designFile()], bearer(owner.token));
    const page1 = await call('GET', '/api/user/design-submissions?page=1&per_page=10', owner.token);
    expect(page1.json()).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: 10 });
    expect(page1.json().data[0].title).toBe('Plan 10');
    const page2 = await call('GET', '/api/user/design-submissions?page=2', owner.token);
    expect(page2.json().data).toHaveLength(2);
    const empty = await call('GET', '/api/user/design-submissions', other.token);
    expect(empty.json()).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('shortens a long title before an emoji at the cut, never through it', async () => {
    const { owner } = await setup();
    // The short title keeps 37 characters and '...': the emoji's two halves sit at 36 and 37.
    await submit(
      t,
      { ...HAVE_DESIGN_FIELDS, title: `${'a'.repeat(36)}😀 and more` },
      [designFile()],
      bearer(owner.token),
    );
    const list = await call('GET', '/api/user/design-submissions', owner.token);
    expect(list.json().data[0].short_title).toBe(`${'a'.repeat(36)}...`);
  });

  it('shows the detail with the customer fields and nothing internal', async () => {
    const { owner, slug, id } = await setup();
    const res = await call('GET', `/api/user/design-submissions/${slug}`, owner.token);
    expect(res.statusCode).toBe(200);
    const design = res.json().design;
    expect(design).toMatchObject({
      id,
      slug,
      title: 'Head office',
      short_title: 'Head office',
      name: 'Pat Guest',
      email: 'owner@example.com',
      company_name: 'Acme Widgets',
      phone: '+1 555 010 2000',
      comments: null,
      status: 'pending',
      design_file_url: `/api/files/designs/${id}/design-file`,
      recommendation_notes: null,
      recommendation_files: [],
      recommendation_files_urls: [],
      design_preferences: {
        totalNumber: '11-49',
        interest: 'Both',
        options: 'Data Outlets',
        features: ['Low Walls', 'Pedestals'],
      },
    });
    expect(JSON.stringify(design)).not.toMatch(/design_file_key|designs\/[0-9a-f]{32}/);
  });

  it('lets the owner edit descriptive fields but never status or comments', async () => {
    const { owner, slug } = await setup();
    const res = await call('PUT', `/api/user/design-submissions/${slug}`, owner.token, {
      title: 'Head office, level 2',
      description: 'Now for 14 people.',
      features: ['Tall Walls'],
      status: 'approved',
      comments: 'Approved by myself',
      recommendation_notes: 'none',
      user_id: 999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().design).toMatchObject({
      title: 'Head office, level 2',
      description: 'Now for 14 people.',
      status: 'pending',
      comments: null,
      recommendation_notes: null,
    });
    const [row] = await db().select().from(designSubmissions).where(eq(designSubmissions.slug, slug));
    expect(row).toMatchObject({ status: 'pending', comments: null, features: ['Tall Walls'] });
    expect(row!.userId).not.toBe(999);
  });

  it('refuses invalid edits with 422 and changes nothing', async () => {
    const { owner, slug } = await setup();
    const res = await call('PUT', `/api/user/design-submissions/${slug}`, owner.token, {
      title: '',
      totalNumber: 'lots',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['title', 'totalNumber']);
    const [row] = await db().select().from(designSubmissions).where(eq(designSubmissions.slug, slug));
    expect(row).toMatchObject({ title: 'Head office', totalNumber: '11-49' });
  });

  it('refuses to empty what the design’s tab made mandatory, and changes nothing', async () => {
    const { owner, slug } = await setup();
    // haveDesign: the description and the contact fields are mandatory, the questionnaire's choices are not.
    const emptied = await call('PUT', `/api/user/design-submissions/${slug}`, owner.token, {
      description: '  ',
      features: [],
    });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors).toEqual({ description: ['The description field is required.'] });
    const nulled = await call('PUT', `/api/user/design-submissions/${slug}`, owner.token, {
      description: null,
    });
    expect(nulled.statusCode).toBe(422);
    const [row] = await db().select().from(designSubmissions).where(eq(designSubmissions.slug, slug));
    expect(row).toMatchObject({
      description: HAVE_DESIGN_FIELDS.description,
      features: ['Low Walls', 'Pedestals'],
    });
    const optional = await call('PUT', `/api/user/design-submissions/${slug}`, owner.token, {
      features: [],
      interest: null,
    });
    expect(optional.statusCode, optional.body).toBe(200);

    // dontHaveDesign: the number of workstations, the features and the interest are mandatory too.
    const res = await submit(t, DONT_HAVE_DESIGN_FIELDS, [], bearer(owner.token));
    expect(res.statusCode, res.body).toBe(201);
    const other = res.json().design.slug as string;
    const refused = await call('PUT', `/api/user/design-submissions/${other}`, owner.token, {
      totalNumber: null,
      features: [],
      interest: null,
      options: null,
      description: '',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['features', 'interest', 'totalNumber']);
    const [kept] = await db().select().from(designSubmissions).where(eq(designSubmissions.slug, other));
    expect(kept).toMatchObject({
      totalNumber: DONT_HAVE_DESIGN_FIELDS.totalNumber,
      interest: DONT_HAVE_DESIGN_FIELDS.interest,
    });
  });

  it('deletes the design with its files', async () => {
    const { owner, admin, slug, id } = await setup();
    await adminUpdate(admin.token, id, {}, [recommendation()]);
    expect(await storedFiles(t)).toHaveLength(2);
    const res = await call('DELETE', `/api/user/design-submissions/${slug}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(DESIGN_SERVER_MESSAGES.deleted);
    expect(await db().$count(designSubmissions)).toBe(0);
    expect(await db().$count(recommendationFiles)).toBe(0);
    expect(await storedFiles(t)).toEqual([]);
  });

  it('lets the owner and admins download the design file as an attachment', async () => {
    const { owner, admin, id } = await setup();
    for (const token of [owner.token, admin.token]) {
      const res = await call('GET', `/api/files/designs/${id}/design-file`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="floor-plan.png"; filename*=UTF-8''floor-plan.png`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    }
  });
});

describe('ownership and roles', () => {
  it('answers 404 to another customer on every design route', async () => {
    const { other, admin, slug, id } = await setup();
    await adminUpdate(admin.token, id, {}, [recommendation()]);
    const [file] = await db().select().from(recommendationFiles);
    const routes: [Method, string, object?][] = [
      ['GET', `/api/user/design-submissions/${slug}`],
      ['PUT', `/api/user/design-submissions/${slug}`, { description: 'taken over' }],
      ['DELETE', `/api/user/design-submissions/${slug}`],
      ['GET', `/api/files/designs/${id}/design-file`],
      ['GET', `/api/files/designs/${id}/recommendations/${file!.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, other.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await db().select().from(designSubmissions);
    expect(row!.description).toBe(HAVE_DESIGN_FIELDS.description);
    expect(await storedFiles(t)).toHaveLength(2);
  });

  it('answers 404 for a recommendation file of another design, even to its owner', async () => {
    const { owner, admin, id } = await setup();
    const second = await submit(t, HAVE_DESIGN_FIELDS, [designFile()], bearer(owner.token));
    const [secondRow] = await db()
      .select()
      .from(designSubmissions)
      .where(eq(designSubmissions.slug, second.json().design.slug));
    await adminUpdate(admin.token, secondRow!.id, {}, [recommendation()]);
    const [file] = await db().select().from(recommendationFiles);
    expect(
      (await call('GET', `/api/files/designs/${id}/recommendations/${file!.id}`, owner.token)).statusCode,
    ).toBe(404);
  });

  it('answers 403 to a customer on every admin route and 401 without a session', async () => {
    const { owner, id } = await setup();
    const routes: [Method, string, object?][] = [
      ['GET', '/api/admin/designs'],
      ['GET', `/api/admin/designs/${id}/show`],
      ['PUT', `/api/admin/designs/${id}/status`, { status: 'approved' }],
      ['POST', `/api/admin/designs/${id}/comments`, { comment: 'self-approved' }],
      ['POST', `/api/admin/designs/${id}/update`, { status: 'approved' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, owner.token, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const url of ['/api/user/design-submissions', `/api/files/designs/${id}/design-file`]) {
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    const [row] = await db().select().from(designSubmissions);
    expect(row).toMatchObject({ status: 'pending', comments: null });
    expect(await db().$count(designHistory)).toBe(1);
  });

  it('answers 403 to an admin session on the customer list', async () => {
    const { admin } = await setup();
    expect((await call('GET', '/api/user/design-submissions', admin.token)).statusCode).toBe(403);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const { admin } = await setup();
    expect((await call('GET', '/api/admin/designs/999999/show', admin.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/designs/abc/show', admin.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/admin/designs/999999/status', admin.token, { status: 'approved' })).statusCode,
    ).toBe(404);
  });
});

describe('admin review', () => {
  it('lists designs with search, the userId filter and pagination', async () => {
    const { owner, other, admin } = await setup();
    await submit(
      t,
      { ...HAVE_DESIGN_FIELDS, company_name: 'Zebra Offices' },
      [designFile()],
      bearer(other.token),
    );
    await submit(t, { ...HAVE_DESIGN_FIELDS, company_name: 'Guest Corp', email: 'guest@example.com' }, [
      designFile(),
    ]);
    const all = await call('GET', '/api/admin/designs?page=1&perPage=2', admin.token);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().pagination).toEqual({
      current: 1,
      perPage: 2,
      total: 3,
      totalPages: 2,
      start: 1,
      end: 2,
    });
    expect(all.json().designs[0]).toMatchObject({
      company_name: 'Guest Corp',
      user: null,
      status: 'pending',
    });

    const search = await call('GET', '/api/admin/designs?search=zebra', admin.token);
    expect(search.json().designs.map((d: { company_name: string }) => d.company_name)).toEqual([
      'Zebra Offices',
    ]);
    const byUser = await call('GET', `/api/admin/designs?userId=${owner.user.id}`, admin.token);
    expect(byUser.json().total).toBe(1);
    expect(byUser.json().designs[0]).toMatchObject({ title: 'Head office', user: { id: owner.user.id } });
    const none = await call('GET', '/api/admin/designs?search=%25', admin.token);
    expect(none.json().total).toBe(0);
    // A page past the last: no rows, and no row range, as the other back-office lists answer it.
    const past = (await call('GET', '/api/admin/designs?page=9&perPage=2', admin.token)).json();
    expect(past.designs).toEqual([]);
    expect(past.pagination).toMatchObject({ current: 9, perPage: 2, start: 0, end: 0 });
    const long = await call(
      'GET',
      `/api/admin/designs?search=${'x'.repeat(SEARCH_MAX_LENGTH.list + 1)}`,
      admin.token,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('search');
  });

  it('shows a design with preferences as JSON text', async () => {
    const { admin, id } = await setup();
    const res = await call('GET', `/api/admin/designs/${id}/show`, admin.token);
    expect(res.statusCode).toBe(200);
    const design = res.json().design;
    expect(design).toMatchObject({
      id,
      admin_title: expect.stringContaining('Head office'),
      design_file_url: `/api/files/designs/${id}/design-file`,
    });
    const prefs = JSON.parse(design.design_preferences);
    expect(prefs).toMatchObject({ totalNumber: '11-49', interest: 'Both', options: 'Data Outlets' });
    expect(JSON.parse(prefs.features)).toEqual(['Low Walls', 'Pedestals']);
  });

  it('changes the status, keeps it in the history and tells the customer', async () => {
    const { owner, admin, id, slug } = await setup();
    const res = await call('PUT', `/api/admin/designs/${id}/status`, admin.token, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'approved', message: DESIGN_SERVER_MESSAGES.statusUpdated });
    const history = await db().select().from(designHistory).where(eq(designHistory.kind, 'status'));
    expect(history).toEqual([
      expect.objectContaining({
        designId: id,
        actorId: admin.user.id,
        fromStatus: 'pending',
        toStatus: 'approved',
      }),
    ]);
    const [note] = await db().select().from(notifications);
    expect(note).toMatchObject({ userId: owner.user.id, type: 'design_update' });
    expect(note!.data).toMatchObject({ type: 'design_update', slug, design_id: id });
    const mails = await t.deliverMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: owner@example.com');
    expect(mails[0]).toContain('Approved');
    const seen = await call('GET', `/api/user/design-submissions/${slug}`, owner.token);
    expect(seen.json().design.status).toBe('approved');
  });

  it('does nothing when the status does not change', async () => {
    const { admin, id } = await setup();
    expect(
      (await call('PUT', `/api/admin/designs/${id}/status`, admin.token, { status: 'pending' })).statusCode,
    ).toBe(200);
    expect(await db().$count(notifications)).toBe(0);
    expect(await db().$count(designHistory)).toBe(1);
  });

  it.each(['archived', '', 'APPROVED', 'declined'])('refuses status %j with 422', async (status) => {
    const { admin, id } = await setup();
    const res = await call('PUT', `/api/admin/designs/${id}/status`, admin.token, { status });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.status).toBeDefined();
    const multi = await adminUpdate(admin.token, id, { status });
    expect(multi.statusCode).toBe(422);
    const [row] = await db().select().from(designSubmissions);
    expect(row!.status).toBe('pending');
    expect(await db().$count(notifications)).toBe(0);
  });

  it('adds a comment the customer sees', async () => {
    const { owner, admin, id, slug } = await setup();
    const res = await call('POST', `/api/admin/designs/${id}/comments`, admin.token, {
      comment: 'Nice layout, consider taller walls.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(DESIGN_SERVER_MESSAGES.commentAdded);
    expect(
      (await call('POST', `/api/admin/designs/${id}/comments`, admin.token, { comment: '  ' })).statusCode,
    ).toBe(422);
    const seen = await call('GET', `/api/user/design-submissions/${slug}`, owner.token);
    expect(seen.json().design.comments).toBe('Nice layout, consider taller walls.');
    const history = await db().select().from(designHistory).where(eq(designHistory.kind, 'comment'));
    expect(history).toEqual([
      expect.objectContaining({ actorId: admin.user.id, body: 'Nice layout, consider taller walls.' }),
    ]);
    expect(await db().$count(notifications)).toBe(1);
  });

  it('a long comment with an emoji at the cut is told to the customer cut before the emoji, never through it', async () => {
    const { owner, admin, id, slug } = await setup();
    // The notice cuts a comment to 297 characters and '...': the emoji's two halves sit at 296 and 297.
    const comment = `${'a'.repeat(296)}😀${'x'.repeat(20)}`;
    const told = `We commented on your design ${slug}: "${'a'.repeat(296)}..."`;
    const byRoute = await call('POST', `/api/admin/designs/${id}/comments`, admin.token, { comment });
    expect(byRoute.statusCode, byRoute.body).toBe(200);
    const byForm = await adminUpdate(admin.token, id, { comments: `${comment}!` });
    expect(byForm.statusCode, byForm.body).toBe(200);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(notes.map((n) => n.data.message)).toEqual([told, told]);
    const mails = await db().select().from(mailQueue);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.textBody).toContain(told);
  });

  it('names the customer a filtered list is for, and nobody for an unknown or admin id', async () => {
    const { owner, admin } = await setup();
    await db().update(users).set({ name: 'Chris Morgan' }).where(eq(users.id, owner.user.id));
    const named = await call('GET', `/api/admin/designs?userId=${owner.user.id}`, admin.token);
    expect(named.json().filter_user).toEqual({ id: owner.user.id, name: 'Chris Morgan' });
    const liked = await call('GET', `/api/admin/products?userId=${owner.user.id}`, admin.token);
    expect(liked.json().filter_user).toEqual({ id: owner.user.id, name: 'Chris Morgan' });
    expect(
      (await call('GET', `/api/admin/designs?userId=${admin.user.id}`, admin.token)).json().filter_user,
    ).toBeNull();
    expect(
      (await call('GET', '/api/admin/designs?userId=2147483000', admin.token)).json().filter_user,
    ).toBeNull();
    expect((await call('GET', '/api/admin/designs', admin.token)).json().filter_user).toBeNull();
  });

  it('adds comments beside the earlier ones, each with its author and time, for the admin and the customer', async () => {
    const { owner, admin, id, slug } = await setup();
    const second = await createAdmin(t.app, t.ctx);
    const first = await call('POST', `/api/admin/designs/${id}/comments`, admin.token, {
      comment: 'First look: fine.',
    });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', `/api/admin/designs/${id}/comments`, second.token, {
      comment: 'Second look: add storage.',
    });
    expect(again.json().design.comment_list.map((c: { body: string }) => c.body)).toEqual([
      'First look: fine.',
      'Second look: add storage.',
    ]);
    // The review form's comment box adds a third; an empty box adds nothing.
    expect((await adminUpdate(admin.token, id, { comments: 'Third: approved.' })).statusCode).toBe(200);
    expect((await adminUpdate(admin.token, id, { comments: '' })).statusCode).toBe(200);

    const shown = (await call('GET', `/api/admin/designs/${id}/show`, admin.token)).json().design;
    expect(shown.comments).toBe('Third: approved.');
    expect(shown.comment_list).toEqual([
      expect.objectContaining({
        body: 'First look: fine.',
        author: { id: admin.user.id, name: admin.user.name },
      }),
      expect.objectContaining({
        body: 'Second look: add storage.',
        author: { id: second.user.id, name: second.user.name },
      }),
      expect.objectContaining({
        body: 'Third: approved.',
        author: { id: admin.user.id, name: admin.user.name },
      }),
    ]);
    expect(Date.parse(shown.comment_list[0].created_at)).toBeLessThanOrEqual(
      Date.parse(shown.comment_list[2].created_at),
    );
    expect(shown.history.map((h: { kind: string }) => h.kind)).toEqual([
      'submitted',
      'comment',
      'comment',
      'comment',
    ]);

    const seen = (await call('GET', `/api/user/design-submissions/${slug}`, owner.token)).json().design;
    expect(seen.comments).toBe('Third: approved.');
    expect(seen.comment_list.map((c: { body: string }) => c.body)).toEqual([
      'First look: fine.',
      'Second look: add storage.',
      'Third: approved.',
    ]);
    // The lists keep the latest comment.
    const list = (await call('GET', '/api/user/design-submissions', owner.token)).json();
    expect(list.data[0].comments).toBe('Third: approved.');
    expect(list.data[0].comment_list).toBeUndefined();
  });

  it('shows the whole history to admins and the customer-visible part to the customer', async () => {
    const { owner, admin, id, slug } = await setup();
    await adminUpdate(admin.token, id, { status: 'approved', recommendation_notes: 'Use pedestals.' }, [
      recommendation(),
    ]);
    await adminUpdate(admin.token, id, { 'removed_recommendation_files[]': ['proposal.pdf'] });
    const shown = (await call('GET', `/api/admin/designs/${id}/show`, admin.token)).json().design;
    expect(shown.history.map((h: { kind: string }) => h.kind)).toEqual([
      'submitted',
      'status',
      'recommendation_notes',
      'recommendation_file_added',
      'recommendation_file_removed',
    ]);
    expect(shown.history[1]).toMatchObject({
      from_status: 'pending',
      to_status: 'approved',
      author: { id: admin.user.id, name: admin.user.name },
    });
    const seen = (await call('GET', `/api/user/design-submissions/${slug}`, owner.token)).json().design;
    expect(seen.history.map((h: { kind: string }) => h.kind)).toEqual([
      'submitted',
      'status',
      'recommendation_notes',
      'recommendation_file_added',
    ]);
  });

  it('saves a review with a recommendation file the customer can download, and removes it from storage', async () => {
    const { owner, other, admin, id, slug } = await setup();
    const res = await adminUpdate(
      admin.token,
      id,
      { status: 'approved', comments: 'Looks good', recommendation_notes: 'Use pedestals.' },
      [
        recommendation(),
        { field: 'recommendation_files[]', name: 'render.png', data: PNG_1PX, type: 'image/png' },
      ],
    );
    expect(res.statusCode).toBe(200);
    const design = res.json().design;
    expect(design).toMatchObject({
      status: 'approved',
      comments: 'Looks good',
      recommendation_notes: 'Use pedestals.',
    });
    expect(design.recommendation_files.map((f: { name: string }) => f.name)).toEqual([
      'proposal.pdf',
      'render.png',
    ]);
    expect(await storedFiles(t)).toHaveLength(3);

    const kinds = (await db().select().from(designHistory)).map((h) => h.kind).sort();
    expect(kinds).toEqual([
      'comment',
      'recommendation_file_added',
      'recommendation_file_added',
      'recommendation_notes',
      'status',
      'submitted',
    ]);
    // One notification and one mail for the whole review.
    expect(await db().$count(notifications)).toBe(1);
    expect(await db().$count(mailQueue)).toBe(1);

    const seen = (await call('GET', `/api/user/design-submissions/${slug}`, owner.token)).json().design;
    expect(seen.recommendation_files_urls).toHaveLength(2);
    const download = await call('GET', seen.recommendation_files_urls[0], owner.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="proposal.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', seen.recommendation_files_urls[0], other.token)).statusCode).toBe(404);

    const [pdfRow] = await db()
      .select()
      .from(recommendationFiles)
      .where(eq(recommendationFiles.originalName, 'proposal.pdf'));
    const removed = await adminUpdate(admin.token, id, {
      'removed_recommendation_files[]': ['proposal.pdf'],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().design.recommendation_files.map((f: { name: string }) => f.name)).toEqual([
      'render.png',
    ]);
    expect(await t.ctx.storage.exists(pdfRow!.fileKey)).toBe(false);
    expect(await storedFiles(t)).toHaveLength(2);
    expect((await call('GET', seen.recommendation_files_urls[0], owner.token)).statusCode).toBe(404);
    const removedHistory = await db()
      .select()
      .from(designHistory)
      .where(eq(designHistory.kind, 'recommendation_file_removed'));
    expect(removedHistory).toEqual([
      expect.objectContaining({ body: 'proposal.pdf', actorId: admin.user.id }),
    ]);
  });

  it('keeps recommendation file names unique per design', async () => {
    const { admin, id } = await setup();
    await adminUpdate(admin.token, id, {}, [recommendation()]);
    const res = await adminUpdate(admin.token, id, {}, [recommendation()]);
    expect(res.json().design.recommendation_files.map((f: { name: string }) => f.name)).toEqual([
      'proposal.pdf',
      'proposal (2).pdf',
    ]);
  });

  it('refuses a recommendation file of the wrong type with 415 and changes nothing', async () => {
    const { admin, id } = await setup();
    const res = await adminUpdate(admin.token, id, { status: 'rejected', comments: 'no' }, [
      recommendation(),
      { field: 'recommendation_files[]', name: 'tool.pdf', data: EXE },
    ]);
    expect(res.statusCode).toBe(415);
    const [row] = await db().select().from(designSubmissions);
    expect(row).toMatchObject({ status: 'pending', comments: null });
    expect(await db().$count(recommendationFiles)).toBe(0);
    expect(await db().$count(designHistory)).toBe(1);
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('refuses an oversized recommendation file with 413 and changes nothing', async () => {
    const { admin, id } = await setup();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const res = await adminUpdate(admin.token, id, { status: 'approved' }, [recommendation(big)]);
    expect(res.statusCode).toBe(413);
    const [row] = await db().select().from(designSubmissions);
    expect(row!.status).toBe('pending');
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('reviews a guest design by mail only', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    await submit(t, HAVE_DESIGN_FIELDS, [designFile()]);
    const [row] = await db().select().from(designSubmissions);
    await db().delete(mailQueue);
    await db().delete(notifications);
    expect(
      (await call('PUT', `/api/admin/designs/${row!.id}/status`, admin.token, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
    expect(await db().$count(notifications)).toBe(0);
    const mails = await t.deliverMail();
    expect(mails[0]).toContain('To: guest.planner@example.com');
  });
});

describe('API description', () => {
  it('lists every design route in the generated OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/user/design-submissions',
      '/api/user/design-submissions/{slug}',
      '/api/files/designs/{id}/design-file',
      '/api/files/designs/{id}/recommendations/{fileId}',
      '/api/admin/designs',
      '/api/admin/designs/{id}/show',
      '/api/admin/designs/{id}/status',
      '/api/admin/designs/{id}/comments',
      '/api/admin/designs/{id}/update',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
