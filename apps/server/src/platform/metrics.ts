import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SERVER_MESSAGES } from '@shop/contracts';

export interface MetricsOptions {
  /** The bearer token /metrics answers to; without one, /metrics answers 404 like an unknown path. */
  token?: string;
  /** The database pool: its connections in use, idle and the queries waiting for one. */
  pool: pg.Pool;
}

export interface Metrics {
  registry: Registry;
  /** A gauge whose value is read at each scrape (e.g. a module's or the realtime server's own count). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
}

// Request durations: most answers take milliseconds, uploads and server-rendered pages up to seconds.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares the presented token with the configured one in constant time (over their digests). */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Prometheus metrics of this instance at GET /metrics (text format), for the bearer of METRICS_TOKEN only:
 * request durations per route pattern, method and status; rate-limit refusals (every 429 answer) per route; the
 * process's own figures (event-loop lag, memory, CPU, handles); the database pool; the mail outbox and the
 * upload journal (read from their platform tables at each scrape); and what `gauge()` adds.
 */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429 answers), per route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  const { pool } = opts;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool, by state (in use or idle).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_queries',
    help: 'Queries waiting for a connection of the database pool (all connections in use).',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the database pool opens.',
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mails of the outbox by status: pending (waiting or being retried) and failed (given up).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ status: string; n: string }>(
        `select status, count(*) as n from mail_queue where status in ('pending', 'failed') group by status`,
      );
      for (const status of ['pending', 'failed'])
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new Gauge({
    name: 'mail_outbox_retrying_messages',
    help: 'Pending mails whose delivery failed at least once.',
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ n: string }>(
        `select count(*) as n from mail_queue where status = 'pending' and attempts > 0`,
      );
      this.set(Number(rows[0]?.n ?? 0));
    },
  });
  new Gauge({
    name: 'upload_journal_entries',
    help: 'Uploads journaled but not yet adopted by a row or swept (in progress or abandoned).',
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ n: string }>(`select count(*) as n from upload_journal`);
      this.set(Number(rows[0]?.n ?? 0));
    },
  });
  new Gauge({
    name: 'upload_journal_oldest_entry_age_seconds',
    help: 'Age of the oldest upload journal entry (0 when empty): grows when the sweep falls behind.',
    registers: [registry],
    async collect() {
      const { rows } = await pool.query<{ age: string | null }>(
        `select extract(epoch from now() - min(created_at)) as age from upload_journal`,
      );
      this.set(Number(rows[0]?.age ?? 0));
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/products/:slug`), never the raw URL: a bounded set of series.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) refusals.inc({ route });
    done();
  });

  const token = opts.token;
  // The scrape token is not a session token: the session guard leaves this route alone.
  app.get('/metrics', { schema: { hide: true }, config: { skipAuth: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (!token || !tokenMatches(presented, token))
      return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });

  return {
    registry,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}
