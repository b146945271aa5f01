import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh, empty database on the PostgreSQL server of `serverUrl`; answers its URL. */
export async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  // Connect to the maintenance database: the one DATABASE_URL names need not exist.
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  // Only names this file made; never a database somebody else passed in.
  if (!/^e2e_[0-9a-f]{12}$/.test(name)) return;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // FORCE: the server under test still holds connections; it is stopped right after this.
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
