import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';

/** The password of every account a journey creates for itself. */
export const JOURNEY_PASSWORD = 'Walnut-Desk-Panel-42';

/** The database of the server under test: DATABASE_URL's copy, or the embedded server in the data folder. */
async function databaseUrl(): Promise<string> {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const dataDir = process.env.E2E_DATA_DIR!;
  const password = (await readFile(path.join(dataDir, 'postgres', '.password'), 'utf8')).trim();
  const port = process.env.E2E_EMBEDDED_PG_PORT ?? '54410';
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/shop`;
}

/** One statement against the database of the server under test; answers its rows. */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: await databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * An account of this journey's own, written as `npm run admin:create` writes one (argon2id, OWASP parameters).
 * Registration is rate limited per address and every journey shares 127.0.0.1; admins have no public sign-up.
 * Answers the new user's id.
 */
export async function createAccount({
  email,
  role,
  name = 'Journey Account',
  password = JOURNEY_PASSWORD,
}: {
  email: string;
  role: 'user' | 'admin';
  name?: string;
  password?: string;
}): Promise<number> {
  const passwordHash = await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const rows = await sql<{ id: number }>(
    // Accounts the shop creates itself (the CLI, the seed) have verified addresses.
    'insert into users (name, email, password_hash, role, email_verified_at) values ($1, $2, $3, $4, now()) returning id',
    [name, email, passwordHash, role],
  );
  return rows[0]!.id;
}

/**
 * Signs in through the API and keeps the token where the web app keeps it (decisions.md D3), then opens
 * `path` if one is given. The login screens themselves are other journeys' subject. Answers the token.
 */
export async function signIn(
  page: Page,
  kind: 'customer' | 'admin',
  email: string,
  path?: string,
  password = JOURNEY_PASSWORD,
): Promise<string> {
  const res = await page.request.post(kind === 'admin' ? '/api/admin/login' : '/api/login', {
    data: { email, password },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.goto(kind === 'admin' ? '/admin/login' : '/login');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [kind === 'admin' ? 'admin_auth_token' : 'auth_token', token],
  );
  if (path) await page.goto(path);
  return token;
}
