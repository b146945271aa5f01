import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { multipart } from '../support/multipart';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('sends a strict Content-Security-Policy and a request id on every answer', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the API set of security headers on API answers, refusals included', async () => {
    for (const url of ['/api/v1/frontend/categories', '/api/does-not-exist', '/api/user']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-request-id'], url).toMatch(/^[\w-]{8,}$/);
      // Page-only policies are not sent with JSON.
      expect(res.headers['referrer-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    // The OpenAPI viewer is a page: it keeps the pages' policy.
    const docs = await t.app.inject('/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the OpenAPI description generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/login'].post).toBeDefined();
    expect(doc.paths['/api/admin/profile'].get).toBeDefined();
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${'a'.repeat(1_100_000)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
  it('reads multipart bodies only on the routes that take uploads: elsewhere 415, and nothing is stored', async () => {
    const count = async () =>
      (await t.ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`))
        .rows[0]!.n;
    const fields = {
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@example.com',
      phone: '555 0100',
      message: 'Six pods, please.',
    };
    const json = await t.app.inject({ method: 'POST', url: '/api/contact', payload: fields });
    expect(json.statusCode).toBe(200);
    const before = await count();
    const form = await multipart(fields);
    const refused = await t.app.inject({ method: 'POST', url: '/api/contact', ...form });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ message: 'Unsupported content type.' });
    expect(await count()).toBe(before);
    // A route that takes uploads still reads the form (a guest's design submission missing its fields: 422).
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/user/design-submissions',
      ...(await multipart({ name: 'Dana Reyes' })),
    });
    expect(upload.statusCode).toBe(422);
  });
});
