import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, connect, next, type ClientSocket } from '../support/realtime';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenMatches } from '../../src/platform/metrics';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one series in a Prometheus text answer (name plus exact label set, as printed). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let socket: ClientSocket | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      limits: { register: { points: 1, windowSeconds: 60 } },
    });
  });
  afterAll(async () => {
    socket?.close();
    await t?.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 404 without the token, with a wrong one, or with another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abc', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('finds the series of requests, refusals, the pool, realtime, the outbox and the upload journal', async () => {
    // A route with a parameter: labelled by its pattern, not the URL.
    const product = await t.app.inject({ method: 'GET', url: '/api/v1/frontend/products/no-such-chair' });
    expect(product.statusCode).toBe(404);
    // Two sign-ups from one address under a limit of one: the second is refused.
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          email,
          password: 'Correct-Horse-42',
          password_confirmation: 'Correct-Horse-42',
          terms: true,
        },
      });
    expect((await register('metrics-one@example.com')).statusCode).toBe(201);
    expect((await register('metrics-two@example.com')).statusCode).toBe(429);

    const pool = t.ctx.database.pool;
    await pool.query(
      `insert into mail_queue (to_address, subject, text_body, kind, status, attempts)
       values ('a@example.com', 's', 't', 'test', 'pending', 0), ('b@example.com', 's', 't', 'test', 'pending', 2),
              ('c@example.com', 's', 't', 'test', 'failed', 5)`,
    );
    await pool.query(
      `insert into upload_journal (key, created_at) values ('chat/metrics-a', now() - interval '90 seconds'),
       ('chat/metrics-b', now())`,
    );

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'metrics-one@example.com', password: 'Correct-Horse-42' },
    });
    expect(login.statusCode).toBe(200);
    socket = await connect(await listen(t.app), login.json<{ token: string }>().token);
    await next(socket, 'presence:here');

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      value(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/frontend/products/:slug",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('no-such-chair');
    expect(
      value(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/register",status_code="201"}',
      ),
    ).toBe(1);
    expect(value(text, 'rate_limit_refusals_total{route="/api/register"}')).toBe(1);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'db_pool_waiting_queries')).toBe(0);
    expect(value(text, 'catalog_searches_waiting')).toBe(0);
    expect(value(text, 'socketio_connections')).toBe(1);
    expect(value(text, 'mail_outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'mail_outbox_messages{status="failed"}')).toBe(1);
    expect(value(text, 'mail_outbox_retrying_messages')).toBe(1);
    expect(value(text, 'upload_journal_entries')).toBe(2);
    expect(value(text, 'upload_journal_oldest_entry_age_seconds')).toBeGreaterThanOrEqual(89);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 whatever the request carries', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', `Bearer ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('tokenMatches', () => {
  it('accepts only the exact token, of any length', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
    expect(tokenMatches(undefined, TOKEN)).toBe(false);
  });
});
