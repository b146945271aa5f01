import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { VERIFICATION_RESEND_LIMIT } from '@shop/contracts';
import type { Config } from '../config';
import { rateLimited, type AppError } from './errors';

export interface LimitRule {
  /** Attempts allowed within the window. */
  points: number;
  windowSeconds: number;
  /** How long a key stays blocked once it ran out. */
  blockSeconds?: number;
}

/**
 * Named fixed-window limiters. With Redis they are shared by every instance of the deployment (their keys carry
 * its `namespace`, so deployments sharing one Redis never spend each other's points); otherwise they live in
 * memory. If Redis stops answering, the memory limiter takes over so logins keep working.
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly rules: Record<string, LimitRule>,
    private readonly redis?: Redis,
    private readonly namespace = '',
  ) {
    for (const [name, rule] of Object.entries(rules)) this.limiters.set(name, this.create(name, rule));
  }

  private create(name: string, rule: LimitRule): RateLimiterAbstract {
    const base = {
      keyPrefix: this.namespace ? `rl:${this.namespace}:${name}` : `rl:${name}`,
      points: rule.points,
      duration: rule.windowSeconds,
      blockDuration: rule.blockSeconds ?? 0,
    };
    if (!this.redis) return new RateLimiterMemory(base);
    return new RateLimiterRedis({
      ...base,
      storeClient: this.redis,
      insuranceLimiter: new RateLimiterMemory(base),
      rejectIfRedisNotReady: false,
    });
  }

  private limiter(name: string): RateLimiterAbstract {
    const l = this.limiters.get(name);
    if (!l) throw new Error(`Unknown rate limit ${name}`);
    return l;
  }

  /**
   * The one place every refusal of every limit passes through (a 429 with Retry-After): a counter of refusals per
   * limit belongs here.
   */
  private refused(_name: string, msBeforeNext: number): AppError {
    return rateLimited(msBeforeNext / 1000);
  }

  /** Spends one point; throws the 429 error when the key has none left. Spend before the work it guards. */
  async consume(name: string, key: string): Promise<void> {
    try {
      await this.limiter(name).consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw this.refused(name, res.msBeforeNext);
      throw res;
    }
  }

  /**
   * Spends one point without throwing and answers whether the key has now spent all of its points (false when
   * the store fails): a count that decides something else.
   */
  async exhausts(name: string, key: string): Promise<boolean> {
    const points = this.rules[name]!.points;
    try {
      return (await this.limiter(name).consume(key)).consumedPoints >= points;
    } catch (res) {
      return res instanceof RateLimiterRes && res.consumedPoints >= points;
    }
  }

  /** Throws the 429 error if the key is out of points, without spending one. */
  async check(name: string, key: string): Promise<void> {
    const res = await this.limiter(name).get(key);
    const rule = this.rules[name]!;
    if (res && res.consumedPoints >= rule.points) throw this.refused(name, res.msBeforeNext);
  }

  /** Whether the key has spent any point in its window (a mark set with `penalize`). */
  async has(name: string, key: string): Promise<boolean> {
    try {
      const res = await this.limiter(name).get(key);
      return !!res && res.consumedPoints > 0;
    } catch {
      return false;
    }
  }

  /** Spends a point without throwing (a failed attempt, or a mark). */
  async penalize(name: string, key: string): Promise<void> {
    try {
      await this.limiter(name).penalty(key, 1);
    } catch {
      // a failing store must not turn a wrong password into a server error
    }
  }

  /** Gives one point back (an attempt that turned out right). */
  async refund(name: string, key: string): Promise<void> {
    try {
      await this.limiter(name).reward(key, 1);
    } catch {
      // the point simply expires with its window
    }
  }

  async reset(name: string, key: string): Promise<void> {
    await this.limiter(name)
      .delete(key)
      .catch(() => {});
  }
}

const MINUTE = 60;

/**
 * Sign-in throttling (OWASP's authentication cheat sheet): attempts are counted before the password is checked,
 * so concurrent guesses cannot all reach it. A pair of account and address is limited; an address across
 * accounts, and an account from addresses it never signed in from, are limited too, but an address the account
 * signed in from before (`loginKnown`) passes those two: a stranger can neither lock the owner out nor slow them
 * down. Past `loginAccount`, an account takes one attempt per `loginAccountSlow` window from unknown addresses:
 * slowed, never locked.
 */
export const DEFAULT_LIMITS: Record<string, LimitRule> = {
  // Attempts at one account from one address; a successful sign-in clears them.
  loginPair: { points: 10, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  // Attempts from one address across accounts (addresses the account signed in from before pass).
  loginAddress: { points: 30, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  // Attempts at one account from addresses it never signed in from; past them, the account slows down.
  loginAccount: { points: 10, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  loginAccountSlow: { points: 1, windowSeconds: MINUTE },
  // Addresses an account signed in from (a mark, not a limit), for three weeks (the memory store's timers reach
  // at most 24.8 days).
  loginKnown: { points: 1, windowSeconds: 21 * 24 * 60 * MINUTE },
  // Attempts at the current password of one signed-in account (a stolen session cannot guess it).
  changePassword: { points: 5, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  // Password resets from one address (tokens are checked before any hashing).
  resetAddress: { points: 10, windowSeconds: 15 * MINUTE },
  register: { points: 10, windowSeconds: 60 * MINUTE },
  forgotAddress: { points: 10, windowSeconds: 15 * MINUTE },
  forgotAccount: { points: 3, windowSeconds: 15 * MINUTE },
  contact: { points: 10, windowSeconds: 60 * MINUTE },
  newsletter: { points: 10, windowSeconds: 60 * MINUTE },
  designGuest: { points: 20, windowSeconds: 60 * MINUTE },
  // Design submissions of a signed-in customer, per account: each one notifies every admin.
  designCustomer: { points: 20, windowSeconds: 60 * MINUTE },
  // New realtime (engine.io) sessions from one address; each tab opens one, and again after a reconnect.
  // REALTIME_HANDSHAKES_PER_MINUTE sets it (limitRules).
  realtimeHandshake: { points: 300, windowSeconds: MINUTE },
  // Site visits booked by guests, per network (networkOf), and by customers, per account.
  siteVisitGuest: { points: 20, windowSeconds: 60 * MINUTE },
  siteVisitCustomer: { points: 20, windowSeconds: 60 * MINUTE },
  // A customer's reschedules, cancellations and confirmations, per account: each one mails and notifies the shop.
  bookingChange: { points: 20, windowSeconds: 60 * MINUTE },
  // Quote requests, per account.
  quoteRequest: { points: 20, windowSeconds: 60 * MINUTE },
  // Mailing the e-mail verification link again, per account.
  verificationResend: { ...VERIFICATION_RESEND_LIMIT },
};

/** The limits of a running shop: the defaults with the configured ones. */
export function limitRules(config: Pick<Config, 'realtime'>): Record<string, LimitRule> {
  return {
    ...DEFAULT_LIMITS,
    realtimeHandshake: { points: config.realtime.handshakesPerMinute, windowSeconds: MINUTE },
  };
}
