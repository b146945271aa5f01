import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, RateLimits } from '../../src/platform/rate-limit';
import { registerCustomer } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

// A Redis client aimed at a port where nothing listens: Redis is "down" for the whole test.
let redis: Redis;
let t: TestApp;
beforeAll(async () => {
  redis = new Redis('redis://127.0.0.1:1', {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  // Only the rate limits get the dead Redis here; realtime's fallback is covered in platform/realtime.
  t = await createTestApp({ ctx: { limits: new RateLimits(DEFAULT_LIMITS, redis) } });
});
afterAll(async () => {
  await t.close();
  redis.disconnect();
});

describe('Redis down', () => {
  it('keeps logins and their rate limits working on the instance', async () => {
    const { email, password } = await registerCustomer(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Wrong-Password-1' },
      });
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(limited.statusCode).toBe(429);
  });
});
