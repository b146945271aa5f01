import type { App } from '../../src/app';
import type { AppContext } from '../../src/context';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a customer through the API and answers its token and user. */
export async function registerCustomer(
  app: App,
  email = `c${Math.random().toString(36).slice(2, 10)}@example.com`,
  password = 'Correct-Horse-42',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password, password_confirmation: password, terms: true },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: number; email: string } };
  return { token: body.token, user: body.user, email, password };
}

let adminSeq = 0;
/** Creates an admin account directly (as `npm run admin:create` does) and logs it in. */
export async function createAdmin(app: App, ctx: AppContext, password = 'Admin-Passw0rd-77') {
  const { createAdmin: create } = await import('../../src/modules/accounts/service');
  const email = `admin${++adminSeq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await create(ctx, { name: `Admin ${adminSeq}`, email, password });
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return { token: (res.json() as { token: string }).token, user, email, password };
}
