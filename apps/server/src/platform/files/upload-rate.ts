import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { UPLOAD_MESSAGES } from '@shop/contracts';
import { AppError } from '../errors';

const refused = (msBeforeNext: number) =>
  new AppError(429, UPLOAD_MESSAGES.rateQuota, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });

/**
 * Bytes uploaded per owner (a key such as `user:12`) within a window, with rate-limiter-flexible like the other
 * limits: in Redis when configured (shared by the instances, keys carry the deployment's name, the memory
 * limiter as insurance), otherwise in memory.
 */
export class UploadRate {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    readonly bytesPerWindow: number,
    private readonly windowSeconds: number,
    redis?: Redis,
    namespace = '',
  ) {
    const base = {
      keyPrefix: namespace ? `rl:${namespace}:uploadBytes` : 'rl:uploadBytes',
      points: bytesPerWindow,
      duration: windowSeconds,
    };
    this.limiter = redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(base),
          rejectIfRedisNotReady: false,
        })
      : new RateLimiterMemory(base);
  }

  /**
   * Spends `bytes` of the owner's window; refuses (429) when they do not fit in what is left, spending nothing
   * then (a refused upload does not count).
   */
  async spend(key: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    const before = await this.limiter.get(key);
    if ((before?.consumedPoints ?? 0) + bytes > this.bytesPerWindow)
      throw refused(before?.msBeforeNext ?? this.windowSeconds * 1000);
    try {
      await this.limiter.consume(key, bytes);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw refused(res.msBeforeNext);
      throw res;
    }
  }
}
