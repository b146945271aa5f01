import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_CONCURRENCY, loadConfig } from '../../src/config';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/shop-config-test', ...env });

/** The message loadConfig refuses the settings with, or undefined when it takes them. */
function refusal(env: Record<string, string>): string | undefined {
  try {
    load(env);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

// Every whole-number setting, with a value it takes.
const INTEGER_SETTINGS: [string, string][] = [
  ['PORT', '8080'],
  ['EMBEDDED_PG_PORT', '54330'],
  ['EMBEDDED_PG_SHARED_BUFFERS_MB', '256'],
  ['DATABASE_POOL_SIZE', '8'],
  ['CATALOG_PAGE_CACHE_SECONDS', '30'],
  ['SEARCH_INDEX_MIN_PRODUCTS', '5000'],
  ['SEARCH_CONCURRENCY', '4'],
  ['SENT_MAIL_RETENTION_DAYS', '30'],
  ['NEWSLETTER_CONFIRM_DAYS', '3'],
  ['RETENTION_INTERVAL_MINUTES', '15'],
  ['REALTIME_MAX_SOCKETS_PER_USER', '5'],
  ['REALTIME_EVENTS_PER_10_SECONDS', '40'],
  ['REALTIME_AUTH_TIMEOUT_SECONDS', '20'],
  ['REALTIME_HANDSHAKES_PER_MINUTE', '600'],
  ['REQUEST_TIMEOUT_SECONDS', '120'],
  ['SHUTDOWN_GRACE_SECONDS', '10'],
  ['UPLOAD_DEADLINE_SECONDS', '900'],
  ['DESIGN_MAILS_PER_ADDRESS_PER_DAY', '5'],
  ['UPLOAD_QUOTA_MB', '500'],
  ['UPLOAD_RATE_MB_PER_HOUR', '50'],
  ['UPLOAD_MIN_FREE_MB', '2048'],
];

describe('number settings', () => {
  it('takes a value of only spaces as unset, as an empty one: the default, never 0', () => {
    const config = load({
      PORT: ' ',
      SHUTDOWN_GRACE_SECONDS: '  ',
      CATALOG_PAGE_CACHE_SECONDS: '\t',
      EMBEDDED_PG_SHARED_BUFFERS_MB: ' ',
      DATABASE_POOL_SIZE: ' ',
      SEARCH_CONCURRENCY: ' ',
      UPLOAD_MIN_FREE_PERCENT: ' ',
    });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.shutdownGraceMs).toBe(25_000);
    expect(config.catalogPageCacheSeconds).toBe(10);
    expect(config.embeddedPgSharedBuffersMb).toBeUndefined();
    expect(config.databasePoolSize).toBeUndefined();
    expect(config.searchConcurrency).toBe(DEFAULT_SEARCH_CONCURRENCY);
    expect(config.uploadMinFreePercent).toBe(5);
  });

  it('takes every whole-number setting in decimal digits, as before (spaces around, leading zeros, 0)', () => {
    for (const [name, value] of INTEGER_SETTINGS) expect(refusal({ [name]: value }), name).toBeUndefined();
    expect(load({ PORT: ' 8080 ' }).port).toBe(8080);
    expect(load({ PORT: '0' }).port).toBe(0);
    expect(load({ CATALOG_PAGE_CACHE_SECONDS: '016' }).catalogPageCacheSeconds).toBe(16);
    expect(load({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceMs).toBe(0);
    expect(load({ DATABASE_POOL_SIZE: ' 8 ' }).databasePoolSize).toBe(8);
    expect(load({ UPLOAD_MIN_FREE_PERCENT: '2.5' }).uploadMinFreePercent).toBe(2.5);
    expect(load({ UPLOAD_MIN_FREE_PERCENT: '10' }).uploadMinFreePercent).toBe(10);
  });

  it.each(['0x10', '1e3', '12abc', '1 000', '1_000', '2.5', '+', 'Infinity'])(
    'refuses %j for every whole-number setting, naming the setting',
    (bad) => {
      for (const [name] of INTEGER_SETTINGS) {
        const message = refusal({ [name]: bad });
        expect(message, name).toContain('Invalid configuration');
        expect(message, name).toContain(`${name}: expected a whole number`);
      }
    },
  );

  it.each(['0x10', '1e1', '5%', '.', '1.2.3'])('refuses %j for UPLOAD_MIN_FREE_PERCENT', (bad) => {
    expect(refusal({ UPLOAD_MIN_FREE_PERCENT: bad })).toContain('UPLOAD_MIN_FREE_PERCENT: expected a number');
  });

  it('still refuses a whole number out of its range, with its bounds', () => {
    expect(refusal({ PORT: '65536' })).toMatch(/PORT: .*65535/);
    expect(refusal({ CATALOG_PAGE_CACHE_SECONDS: '-1' })).toMatch(/CATALOG_PAGE_CACHE_SECONDS: .*0/);
    expect(refusal({ EMBEDDED_PG_PORT: '80' })).toMatch(/EMBEDDED_PG_PORT: .*1024/);
    expect(refusal({ DATABASE_POOL_SIZE: '0' })).toMatch(/DATABASE_POOL_SIZE: .*1/);
  });
});
