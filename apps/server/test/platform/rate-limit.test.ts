import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { networkOf } from '../../src/platform/client-address';
import { deploymentKey } from '../../src/platform/deployment';
import { RateLimits } from '../../src/platform/rate-limit';
import { redisReachable, TEST_REDIS_URL } from '../support/redis';

const reachable = await redisReachable();
if (!reachable) console.warn(`SKIPPED Redis rate-limit test: Redis is not reachable at ${TEST_REDIS_URL}`);

describe.skipIf(!reachable)('rate limits in a shared Redis', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  afterAll(() => redis.disconnect());
  const rules = { register: { points: 2, windowSeconds: 60 } };
  // A fresh address per run, so earlier runs on this Redis never count.
  const address = `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;

  it('shares points between instances of one deployment and never with another deployment', async () => {
    const shop = deploymentKey(`postgres://db.internal/shop_${randomBytes(4).toString('hex')}`);
    const other = deploymentKey(`postgres://db.internal/shop_${randomBytes(4).toString('hex')}`);
    const instanceA = new RateLimits(rules, redis, shop);
    const instanceB = new RateLimits(rules, redis, shop);
    const neighbour = new RateLimits(rules, redis, other);

    await instanceA.consume('register', address);
    await instanceB.consume('register', address);
    await expect(instanceA.consume('register', address)).rejects.toMatchObject({ statusCode: 429 });
    // Another deployment on the same Redis (another shop, another CI run) has its own points.
    await expect(neighbour.consume('register', address)).resolves.toBeUndefined();
  });

  it('names a deployment after its database, whatever host reaches it', () => {
    expect(deploymentKey('postgres://a.example:5432/shop')).toBe(deploymentKey('postgres://10.0.0.7/shop'));
    expect(deploymentKey('postgres://a.example/shop')).not.toBe(deploymentKey('postgres://a.example/shop_b'));
  });
});

describe('networkOf', () => {
  it('keys an IPv4 client by its address and an IPv6 client by its /64, whatever the notation', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    for (const a of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:0:0:9', '2001:db8:1:2:3:4:5.6.7.8'])
      expect(networkOf(a), a).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('2001:db8:1:3::1')).not.toBe(networkOf('2001:db8:1:2::1'));
  });
});
