import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TAX_RATE } from '@shop/contracts';
import type { S3StorageConfig } from './platform/files/s3-storage';

const boolFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`) or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in X-Forwarded-For: off; a number of proxies in a chain (`1`, or
 * `true`: the one load balancer in front; the client is then the address it appended, whatever the client itself
 * put in the header); or the proxies' own addresses and ranges, comma-separated, so that anyone else's header is
 * ignored.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === '0' || value === 'false') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const invalid = entries.filter((e) => !isProxyAddress(e));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected 0, a number of proxies, or addresses/CIDR ranges (or loopback, linklocal, uniquelocal); got ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's `trustProxy` for the configured value. A count trusts that many hops from the server, whatever their
 * addresses (Fastify's own numeric setting trusts none).
 */
export function fastifyTrustProxy(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** An S3 key prefix: folder names separated by `/`, stored with one trailing `/` (empty: none). */
const s3Prefix = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').trim().replace(/^\/+|\/+$/g, '');
    if (value === '') return '';
    if (!/^[A-Za-z0-9!_.*'()/-]+$/.test(value) || value.split('/').some((s) => ['', '.', '..'].includes(s))) {
      ctx.addIssue({
        code: 'custom',
        message: "expected folder names of letters, digits and !_.*'()- joined by /",
      });
      return z.NEVER;
    }
    return `${value}/`;
  });

/**
 * A whole number in decimal digits (spaces around it allowed), between min and max. z.coerce.number() would also
 * take `0x10` as 16, `1e3` as 1000 and a value of spaces as 0.
 */
function integer(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'expected a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A number in decimal digits with an optional fraction (`2.5`), between min and max. */
function decimal(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?(\d+(\.\d*)?|\.\d+)$/, 'expected a number in decimal digits, e.g. 2.5')
    .transform(Number)
    .pipe(z.number().min(min).max(max));
}

/**
 * Searches an instance runs in the database at once unless SEARCH_CONCURRENCY says otherwise: twice this machine's
 * cores and one. A search costs the database milliseconds of CPU; given more of them at once than it had cores,
 * PostgreSQL spent more CPU on each (on 2 cores, twice as much with 20 at once as with 5) and answered fewer a second
 * (bench/HISTORY.md, "Searches in the database at once, and the candidates' statement prepared"). The other
 * queries (sessions, chat, the back-office's lists) do not wait for them.
 */
export const DEFAULT_SEARCH_CONCURRENCY = 2 * os.availableParallelism() + 1;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // Unset: 20 (DEFAULT_POOL_SIZE in db/connection.ts).
  DATABASE_POOL_SIZE: integer(1, 1000).optional(),
  EMBEDDED_PG_PORT: integer(1024, 65535).default(54329),
  // Unset: a quarter of the machine's memory, 128 MB to 1 GB (embeddedSharedBuffersMb in db/connection.ts).
  EMBEDDED_PG_SHARED_BUFFERS_MB: integer(16, 1_048_576).optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Cubicle Depot <no-reply@cubicle-depot.local>'),
  SHOP_INBOX: z.string().email().default('sales@cubicle-depot.local'),
  PUBLIC_URL: z.string().url().optional(),
  APP_NAME: z.string().default('Cubicle Depot'),
  SHOP_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA timezone such as America/New_York'),
  DEFAULT_TAX_RATE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'expected a percent with at most 2 decimals, e.g. 8.25')
    .default(DEFAULT_TAX_RATE),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code such as USD')
    .default('USD'),
  SEED_DEMO: boolFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  CATALOG_PAGE_CACHE_SECONDS: integer(0, 3600).default(10),
  SEARCH_INDEX_MIN_PRODUCTS: integer(0).default(20_000),
  // Unset: DEFAULT_SEARCH_CONCURRENCY.
  SEARCH_CONCURRENCY: integer(1, 1000).optional(),
  SENT_MAIL_RETENTION_DAYS: integer(1, 3650).default(90),
  NEWSLETTER_CONFIRM_DAYS: integer(1, 365).default(7),
  RETENTION_INTERVAL_MINUTES: integer(1, 1440).default(60),
  BOOKING_REMINDER_INTERVAL_MINUTES: integer(1, 60).default(5),
  WEB_DIST: z.string().optional(),
  REALTIME_MAX_SOCKETS_PER_USER: integer(1, 1000).default(10),
  REALTIME_EVENTS_PER_10_SECONDS: integer(1, 10_000).default(20),
  REALTIME_AUTH_TIMEOUT_SECONDS: integer(1, 120).default(10),
  REALTIME_HANDSHAKES_PER_MINUTE: integer(1, 1_000_000).default(300),
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
  REQUEST_TIMEOUT_SECONDS: integer(1, 3600).default(300),
  // A few seconds under the usual orchestrator grace (Kubernetes' 30 s): closing the database comes after it.
  SHUTDOWN_GRACE_SECONDS: integer(0, 3600).default(25),
  UPLOAD_DEADLINE_SECONDS: integer(1, 86_400).optional(),
  DESIGN_MAILS_PER_ADDRESS_PER_DAY: integer(0, 1000).default(3),
  UPLOAD_QUOTA_MB: integer(1, 1_000_000).default(200),
  UPLOAD_RATE_MB_PER_HOUR: integer(1, 1_000_000).default(100),
  UPLOAD_MIN_FREE_MB: integer(0, 100_000_000).default(1024),
  UPLOAD_MIN_FREE_PERCENT: decimal(0, 90).default(5),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected 3 to 63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'expected an http:// or https:// URL')
    .refine((v) => {
      const u = new URL(v);
      return !u.username && !u.password;
    }, 'must not hold credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'expected a region name such as us-east-1 (or auto)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: boolFlag,
  S3_PREFIX: s3Prefix,
});

type Env = z.infer<typeof envSchema>;

const MB = 1024 * 1024;

/**
 * The bucket that holds the files instead of the data folder, when S3_BUCKET is set. The secret key is kept out
 * of sight (not enumerable), so a logged or serialized config never shows it.
 */
function s3Settings(e: Env, set: Record<string, unknown>): S3StorageConfig | undefined {
  const related = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
    'S3_PREFIX',
  ];
  if (!e.S3_BUCKET) {
    const stray = related.filter((name) => set[name] !== undefined);
    if (stray.length > 0)
      throw new Error(
        `Invalid configuration: ${stray.join(', ')} set without S3_BUCKET (set S3_BUCKET to keep the files in a bucket, or remove ${stray.length > 1 ? 'them' : 'it'} to keep them in the data folder)`,
      );
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      "Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS SDK's default credentials (environment, profile, instance or task role)",
    );
  let credentials: S3StorageConfig['credentials'];
  if (e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) {
    credentials = { accessKeyId: e.S3_ACCESS_KEY_ID } as NonNullable<S3StorageConfig['credentials']>;
    Object.defineProperty(credentials, 'secretAccessKey', {
      value: e.S3_SECRET_ACCESS_KEY,
      enumerable: false,
    });
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials,
    prefix: e.S3_PREFIX,
  };
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable, or one of only spaces, means unset (`DATABASE_URL= npm start` runs on the embedded
  // database; `PORT=' '` listens on 3000, not on a random port). The values themselves are kept as they are.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const uploadDeadlineSeconds = e.UPLOAD_DEADLINE_SECONDS ?? e.REQUEST_TIMEOUT_SECONDS + 300;
  // A deadline shorter than a request may last would remove the file of an upload still arriving.
  if (uploadDeadlineSeconds < e.REQUEST_TIMEOUT_SECONDS)
    throw new Error(
      'Invalid configuration: UPLOAD_DEADLINE_SECONDS must not be shorter than REQUEST_TIMEOUT_SECONDS',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** The connections this instance opens to PostgreSQL at most; undefined: DEFAULT_POOL_SIZE. */
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    /** The embedded server's shared buffers in MB; undefined: worked out from the machine's memory. */
    embeddedPgSharedBuffersMb: e.EMBEDDED_PG_SHARED_BUFFERS_MB,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopInbox: e.SHOP_INBOX,
    publicUrl,
    appName: e.APP_NAME,
    /** Installation windows and blackout dates are in this timezone. */
    shopTimezone: e.SHOP_TIMEZONE,
    /** The tax rate of new proposals (percent), overridable per proposal. */
    defaultTaxRate: Number(e.DEFAULT_TAX_RATE).toFixed(2),
    currency: e.CURRENCY,
    // Demo data goes into the embedded database by default, and into DATABASE_URL only when asked.
    seedDemo: e.DATABASE_URL ? e.SEED_DEMO : e.SEED_DEMO || set.SEED_DEMO === undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    /** How long a storefront page (product list, search, product detail) is reused per instance; 0: never. */
    catalogPageCacheSeconds: e.CATALOG_PAGE_CACHE_SECONDS,
    /**
     * From this many active products on, each instance keeps the products' words in memory for searches of several
     * words (modules/catalog/search-index.ts); 0: always.
     */
    searchIndexMinProducts: e.SEARCH_INDEX_MIN_PRODUCTS,
    /** Searches this instance runs in the database at once; the others wait their turn in the instance. */
    searchConcurrency: e.SEARCH_CONCURRENCY ?? DEFAULT_SEARCH_CONCURRENCY,
    /** Retention job: sent mail kept this long; newsletter confirmation links valid this long; run interval. */
    sentMailRetentionMs: e.SENT_MAIL_RETENTION_DAYS * 86_400_000,
    newsletterConfirmMs: e.NEWSLETTER_CONFIRM_DAYS * 86_400_000,
    retentionIntervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000,
    bookingReminderIntervalMs: e.BOOKING_REMINDER_INTERVAL_MINUTES * 60_000,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    realtime: {
      /** Open sockets one user may have (across instances with Redis). */
      maxSocketsPerUser: e.REALTIME_MAX_SOCKETS_PER_USER,
      /** Client events (typing whispers) one socket may send per 10 seconds; the rest are dropped. */
      eventsPer10Seconds: e.REALTIME_EVENTS_PER_10_SECONDS,
      /** How long a connection may stay open without completing the authenticated handshake. */
      authTimeoutMs: e.REALTIME_AUTH_TIMEOUT_SECONDS * 1000,
      /** New engine.io sessions one client address may open per minute. */
      handshakesPerMinute: e.REALTIME_HANDSHAKES_PER_MINUTE,
    },
    /** The bearer token /metrics answers to; without it, /metrics is not served. */
    metricsToken: e.METRICS_TOKEN || undefined,
    /** The longest a client may take to send one request (its body included): bounds how long an upload runs. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    /**
     * After SIGTERM or SIGINT: how long the requests under way (and the background workers' current work) may
     * still take before they are cut. The database is closed after them either way (platform/shutdown.ts).
     */
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    /**
     * When a journaled upload that no row adopted is given up and its file removed: the request timeout plus
     * five minutes (for the handler's own work after the body, and the server's timeout check interval).
     */
    uploadDeadlineMs: uploadDeadlineSeconds * 1000,
    /** 'Design received' mails one address may get in 24 hours; further submissions are stored unmailed. */
    designMailsPerAddressPerDay: e.DESIGN_MAILS_PER_ADDRESS_PER_DAY,
    /** What one customer (or one guest address) may keep in uploaded files: design files and chat attachments. */
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * MB,
    /** What one customer (or guest address) may upload per hour, photos included. */
    uploadRateBytesPerHour: e.UPLOAD_RATE_MB_PER_HOUR * MB,
    /** Uploads to local disk are refused while DATA_DIR's disk has less free space than this... */
    uploadMinFreeBytes: e.UPLOAD_MIN_FREE_MB * MB,
    /** ...or less than this share of the disk free. */
    uploadMinFreePercent: e.UPLOAD_MIN_FREE_PERCENT,
    /** Files in an S3-compatible bucket (S3_*); in the data folder when absent. */
    s3: s3Settings(e, set),
  };
}
