import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, PROFILE_MESSAGES, SERVER_MESSAGES } from '@shop/contracts';
import { users } from '../../../src/db/schema/users';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { BMP_2PX, TEXT_FILE, image } from '../../support/files';
import { multipart, type FilePart } from '../../support/multipart';
import { imageStored } from '../products-admin/support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function postForm(
  url: string,
  fields: Record<string, string>,
  files: FilePart[],
  headers: Record<string, string>,
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}
const postJson = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const avatarKey = (url: string) => /^\/media\/(avatars\/[a-f0-9]{24})\/320\.webp$/.exec(url)![1]!;
const row = async (id: number) => (await t.ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('access', () => {
  it('admin routes answer 401 without a token and 403 with a customer token; customer routes 401 and 403 for an admin', async () => {
    const customer = bearer((await registerCustomer(t.app)).token);
    const admin = bearer((await createAdmin(t.app, t.ctx)).token);
    for (const url of ['/api/admin/profile/update', '/api/admin/password/update']) {
      expect((await postJson(url, {})).statusCode, url).toBe(401);
      expect((await postJson(url, {}, customer)).statusCode, url).toBe(403);
    }
    for (const url of ['/api/profile/update', '/api/profile/password']) {
      expect((await postJson(url, {})).statusCode, url).toBe(401);
      expect((await postJson(url, {}, admin)).statusCode, url).toBe(403);
    }
  });
});

describe('admin profile', () => {
  it('updates name, e-mail and photo; the role and status sent along change nothing', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const res = await postForm(
      '/api/admin/profile/update',
      { name: 'Dana W.', email: 'Dana@Example.com', role: 'user', status: '0', role_type: 'user' },
      [{ field: 'photo', name: 'me.jpg', data: await image('jpeg') }],
      bearer(admin.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MESSAGES.profileUpdated);
    expect(res.json().admin).toMatchObject({
      id: admin.user.id,
      name: 'Dana W.',
      email: 'dana@example.com',
      role_type: 'admin',
    });
    expect(await imageStored(t, avatarKey(res.json().admin.photo_url))).toBe(true);
    expect(await row(admin.user.id)).toMatchObject({ role: 'admin', status: 1, email: 'dana@example.com' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/admin/profile',
      headers: bearer(admin.token),
    });
    expect(profile.json().admin.photo_url).toBe(res.json().admin.photo_url);
  });

  it('answers 422 under name and email (a taken e-mail too) and changes nothing', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const other = await registerCustomer(t.app);
    const before = await row(admin.user.id);
    const empty = await postForm(
      '/api/admin/profile/update',
      { name: ' ', email: 'nope' },
      [],
      bearer(admin.token),
    );
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'name']);
    const taken = await postForm(
      '/api/admin/profile/update',
      { name: 'X', email: other.email.toUpperCase() },
      [],
      bearer(admin.token),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: SERVER_MESSAGES.emailTaken,
      errors: { email: [SERVER_MESSAGES.emailTaken] },
    });
    expect(await row(admin.user.id)).toEqual(before);
  });

  it('changes the password: wrong current or mismatched confirmation is 422; then only the new one logs in', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email, password: admin.password },
    });
    const secondToken = second.json().token as string;
    const url = '/api/admin/password/update';
    const wrong = await postJson(
      url,
      {
        current_password: 'nope-nope-nope',
        password: 'Brand-New-Pass-9',
        password_confirmation: 'Brand-New-Pass-9',
      },
      bearer(admin.token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([SERVER_MESSAGES.currentPasswordWrong]);
    const mismatch = await postJson(
      url,
      {
        current_password: admin.password,
        password: 'Brand-New-Pass-9',
        password_confirmation: 'Other-Pass-99',
      },
      bearer(admin.token),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([SERVER_MESSAGES.passwordsDontMatch]);
    const short = await postJson(
      url,
      { current_password: admin.password, password: 'short', password_confirmation: 'short' },
      bearer(admin.token),
    );
    expect(short.json().errors.password).toEqual(expect.any(Array));
    const same = await postJson(
      url,
      { current_password: admin.password, password: admin.password, password_confirmation: admin.password },
      bearer(admin.token),
    );
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password).toEqual([PASSWORD_MESSAGES.sameAsCurrent]);

    const ok = await postJson(
      url,
      {
        current_password: admin.password,
        password: 'Brand-New-Pass-9',
        password_confirmation: 'Brand-New-Pass-9',
      },
      bearer(admin.token),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(PROFILE_MESSAGES.passwordUpdated);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: bearer(secondToken) }))
        .statusCode,
    ).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email, password: 'Brand-New-Pass-9' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('customer profile', () => {
  it('updates name, phone and photo; e-mail, role and status sent along change nothing; the old photo is removed', async () => {
    const c = await registerCustomer(t.app);
    const first = await postForm(
      '/api/profile/update',
      {
        name: 'Chris M',
        phone: '+1 (555) 014-2288',
        email: 'hijack@example.com',
        role: 'admin',
        role_type: 'admin',
        status: '0',
      },
      [{ field: 'photo', name: 'me.gif', data: await image('gif') }],
      bearer(c.token),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toEqual(expect.any(String));
    expect(first.json().user).toMatchObject({
      name: 'Chris M',
      phone: '+1 (555) 014-2288',
      email: c.email,
      role_type: 'user',
    });
    expect(await row(c.user.id)).toMatchObject({ email: c.email, role: 'user', status: 1 });
    const firstKey = avatarKey(first.json().user.photo_url);
    expect(await imageStored(t, firstKey)).toBe(true);

    const second = await postForm(
      '/api/profile/update',
      { name: 'Chris M', phone: '555 0000' },
      [{ field: 'photo', name: 'me.avif', data: await image('avif') }],
      bearer(c.token),
    );
    expect(second.statusCode).toBe(200);
    const secondKey = avatarKey(second.json().user.photo_url);
    expect(await imageStored(t, secondKey)).toBe(true);
    expect(await imageStored(t, firstKey)).toBe(false);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(me.json().data).toMatchObject({ phone: '555 0000', photo_url: second.json().user.photo_url });

    // Without a new photo the current one stays.
    const third = await postJson(
      '/api/profile/update',
      { name: 'Chris', phone: '555 0001' },
      bearer(c.token),
    );
    expect(third.json().user.photo_url).toBe(second.json().user.photo_url);
  });

  it('takes a TIFF photo, served as the same WebP variants as any other', async () => {
    const c = await registerCustomer(t.app);
    const res = await postForm(
      '/api/profile/update',
      { name: 'Tiff', phone: '555 0100' },
      [{ field: 'photo', name: 'scan.tif', data: await image('tiff'), type: 'image/tiff' }],
      bearer(c.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().user.photo_url as string;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('answers 415 for a photo that is not an image and 422 for missing fields, changing nothing', async () => {
    const c = await registerCustomer(t.app);
    const before = await row(c.user.id);
    const bad = await postForm(
      '/api/profile/update',
      { name: 'X', phone: '555 0100' },
      [{ field: 'photo', name: 'me.png', data: TEXT_FILE, type: 'image/png' }],
      bearer(c.token),
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json().errors.photo).toEqual([PROFILE_MESSAGES.photoType]);
    // A BMP, which the image library cannot read, is refused with the types named.
    const bmp = await postForm(
      '/api/profile/update',
      { name: 'X', phone: '555 0100' },
      [{ field: 'photo', name: 'me.bmp', data: BMP_2PX, type: 'image/bmp' }],
      bearer(c.token),
    );
    expect(bmp.statusCode).toBe(415);
    expect(bmp.json().message).toBe('The photo must be a PNG, JPEG, WebP, GIF, AVIF or TIFF image.');
    const missing = await postForm('/api/profile/update', { name: '', phone: '' }, [], bearer(c.token));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'phone']);
    expect(await row(c.user.id)).toEqual(before);
  });

  it('changes the password with current_password, new_password and its confirmation; other sessions end', async () => {
    const c = await registerCustomer(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: c.email, password: c.password },
    });
    const url = '/api/profile/password';
    const wrong = await postJson(
      url,
      {
        current_password: 'wrong-wrong',
        new_password: 'Fresh-Walnut-77',
        new_password_confirmation: 'Fresh-Walnut-77',
      },
      bearer(c.token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([SERVER_MESSAGES.currentPasswordWrong]);
    const mismatch = await postJson(
      url,
      { current_password: c.password, new_password: 'Fresh-Walnut-77', new_password_confirmation: 'x' },
      bearer(c.token),
    );
    expect(mismatch.json().errors.new_password_confirmation).toEqual([SERVER_MESSAGES.passwordsDontMatch]);
    const common = await postJson(
      url,
      { current_password: c.password, new_password: 'password1', new_password_confirmation: 'password1' },
      bearer(c.token),
    );
    expect(common.json().errors.new_password).toEqual([SERVER_MESSAGES.passwordCommon]);
    const same = await postJson(
      url,
      { current_password: c.password, new_password: c.password, new_password_confirmation: c.password },
      bearer(c.token),
    );
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.new_password).toEqual([PASSWORD_MESSAGES.sameAsCurrent]);
    // Refused, it ended no session: the one signed in elsewhere still works.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(other.json().token) }))
        .statusCode,
    ).toBe(200);
    const ok = await postJson(
      url,
      {
        current_password: c.password,
        new_password: 'Fresh-Walnut-77',
        new_password_confirmation: 'Fresh-Walnut-77',
      },
      bearer(c.token),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toEqual(expect.any(String));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(other.json().token) }))
        .statusCode,
    ).toBe(401);
    expect((await postJson('/api/login', { email: c.email, password: 'Fresh-Walnut-77' })).statusCode).toBe(
      200,
    );
  });
});
