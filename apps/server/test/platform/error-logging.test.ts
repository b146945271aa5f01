/**
 * Caught errors in the log (platform/log-redaction.ts `loggableError`): a failed query's parameters (drizzle's
 * `Failed query: ...\nparams: ...`) never reach it, its PostgreSQL code does. The error handler answers a value
 * the database refuses with 422 and a duplicate or a vanished reference with 409 (platform/errors.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, SERVER_MESSAGES } from '@shop/contracts';
import { connectDatabase } from '../../src/db/connection';
import { backgroundSettled } from '../../src/platform/background';
import { registerErrorHandling } from '../../src/platform/errors';
import { loggableError } from '../../src/platform/log-redaction';
import { registerCustomer } from '../support/http';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app';

const SECRET = 'SECRET-TOKEN-123';

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join(''), lines };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function appWithLog(build: Parameters<typeof createTestApp>[0] = {}) {
  const log = logCapture();
  const t: TestApp = await createTestApp({
    ...build,
    build: { ...build.build, logger: { level: 'warn', stream: log.stream } },
  });
  cleanups.push(() => t.close());
  return { t, log };
}

const register = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password: 'Correct-Horse-42', password_confirmation: 'Correct-Horse-42', terms: true },
  });

describe('loggableError', () => {
  it("keeps a failed query's code and stack, never its parameters", async () => {
    const database = await createTestDatabase();
    const db = connectDatabase(database.url, { max: 1 });
    cleanups.push(
      () => database.drop(),
      () => db.close(),
    );
    const err = await db.db.execute(sql`select ${SECRET}::uuid`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String((err as Error).message)).toContain(SECRET); // drizzle's message holds the parameters
    const logged = loggableError(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('params');
    expect(logged.message).toMatch(/^Failed query: select \$1::uuid: invalid input syntax for type uuid/);
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: select \$1::uuid\n\s+at /);
    expect(logged.stack).toMatch(/\ncaused by: DatabaseError: invalid input syntax/);
    expect(logged.code).toBe('22P02');
  });

  it('keeps no row values of a PostgreSQL error (its detail) and follows an AggregateError', () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        constraint: 'users_email_key',
        detail: `Key (email)=(${SECRET}) already exists.`,
      },
    );
    const logged = loggableError(new AggregateError([pgError], 'both failed'));
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged.errors?.[0]).toMatchObject({ code: '23505', constraint: 'users_email_key' });
  });
});

describe('the error log of a request', () => {
  it('holds the code of a failed insert, not its values (the password hash, the e-mail)', async () => {
    const { t, log } = await appWithLog();
    await t.ctx.database.pool.query(
      `alter table users add constraint refuse_test check (email <> '${SECRET.toLowerCase()}@example.com') not valid`,
    );
    const res = await register(t, `${SECRET.toLowerCase()}@example.com`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.serverError });
    const text = log.text();
    expect(text).toContain('unhandled error');
    expect(text.toLowerCase()).not.toContain(SECRET.toLowerCase());
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('params');
    expect(text).toContain('23514');
  });

  it("holds a failed reset mail's code, not the link's token", async () => {
    const { t, log } = await appWithLog();
    const { email } = await registerCustomer(t.app);
    await t.ctx.database.pool.query(
      `alter table mail_queue add constraint refuse_test check (kind <> 'password_reset') not valid`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    await backgroundSettled();
    const text = log.text();
    expect(text).toContain('password reset mail failed');
    expect(text).not.toContain('reset-password?token=');
    expect(text).not.toContain('params');
    expect(text).toContain('23514');
  });

  it("redacts the token of a page's url when its server rendering fails", async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'shop-web-dist-'));
    cleanups.push(() => rm(dist, { recursive: true, force: true }));
    await writeFile(
      path.join(dist, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    const { t, log } = await appWithLog({
      build: {
        web: {
          distDir: dist,
          pageRenderer: {
            renderPage: () => Promise.reject(new Error('renderer broke')),
          },
        },
      },
    });
    const res = await t.app.inject({ method: 'GET', url: `/reset-password?token=${SECRET}&email=a%40b.c` });
    expect(res.statusCode).toBe(200);
    const text = log.text();
    expect(text).toContain('server rendering failed');
    expect(text).toContain('/reset-password?token=[redacted]');
    expect(text).not.toContain(SECRET);
  });
});

describe('values the database refuses', () => {
  it('a duplicate no check of the route foresaw: 409, logged as a warning without its values', async () => {
    const { t, log } = await appWithLog();
    await t.ctx.database.pool.query(`create unique index users_name_test on users (name)`);
    expect((await register(t, 'dup@one.example')).statusCode).toBe(201);
    const res = await register(t, 'dup@two.example');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CONFLICT_MESSAGE });
    const line = log.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request refused by the database');
    expect(line).toMatchObject({ level: 40 });
    expect(JSON.stringify(line)).toContain('23505');
    expect(log.text()).not.toContain('dup@two.example');
    expect(log.text()).not.toContain('$argon2');
  });

  it('a value its column cannot hold: 422 with the generic validation message', async () => {
    const { t, log } = await appWithLog();
    await t.ctx.database.pool.query(`alter table users alter column name type varchar(3)`);
    const res = await register(t, 'longername@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.validation });
    expect(log.text()).toContain('22001');
    expect(log.text()).not.toContain('longername');
  });

  it('through the handler: a malformed value is 422, a vanished reference 409, both without the value', async () => {
    const database = await createTestDatabase();
    const db = connectDatabase(database.url, { max: 2 });
    cleanups.push(
      () => database.drop(),
      () => db.close(),
    );
    await db.pool.query(`create table t_parent (id int primary key);
      create table t_child (parent int references t_parent (id), secret text)`);
    const log = logCapture();
    const app = Fastify({ logger: { level: 'warn', stream: log.stream } });
    cleanups.push(() => app.close());
    registerErrorHandling(app);
    app.get('/uuid', () => db.db.execute(sql`select ${SECRET}::uuid`));
    app.get('/child', () => db.db.execute(sql`insert into t_child values (${42}, ${SECRET})`));

    const malformed = await app.inject({ method: 'GET', url: '/uuid' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ message: SERVER_MESSAGES.validation });
    const orphan = await app.inject({ method: 'GET', url: '/child' });
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json()).toEqual({ message: CONFLICT_MESSAGE });
    const text = log.text();
    expect(text).toContain('22P02');
    expect(text).toContain('23503');
    expect(text).not.toContain(SECRET);
  });
});
