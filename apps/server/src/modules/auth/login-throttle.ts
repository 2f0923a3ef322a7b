import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { HttpError } from '../../lib/http-error.js';
import type { SharedRedis } from '../../lib/shared-redis.js';

// Sign-in throttling. The policy and its reasons are in docs/security.md#sign-in-throttling:
// failures count per account and address (the hard limit), per address across accounts
// (password spraying) and per account across addresses; the last only refuses addresses that
// have not signed in to that account before, so a stranger cannot lock a customer out.
const WINDOW_SECONDS = 15 * 60;
export const LOGIN_LIMITS = {
  perAccountAndAddress: 10,
  perAddress: 50,
  perAccountFromNewAddresses: 30,
  windowSeconds: WINDOW_SECONDS,
  /** How long an address that signed in successfully stays known for that account. */
  knownAddressSeconds: 14 * 24 * 60 * 60, // in-memory timers cannot exceed 24.8 days
} as const;

interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  blockDuration?: number;
}
/** What the throttles use of a rate-limiter-flexible limiter. */
export type Limiter = Pick<RateLimiterAbstract, Method>;
type Method = 'consume' | 'reward' | 'get' | 'set' | 'delete';
export type LimiterFactory = (options: LimiterOptions) => Limiter;

/** Counters in this process: one instance. */
export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

/**
 * Counters in Redis, shared by every instance, under `portal:<namespace>:`. While Redis fails or
 * is late (lib/shared-redis.ts), the counters of this process stand in, at once and without
 * waiting on Redis, so sign-in neither opens up nor stops working.
 */
export const redisLimiters =
  (redis: SharedRedis, namespace = 'login'): LimiterFactory =>
  (options) =>
    new FallbackLimiter(
      redis,
      new RateLimiterRedis({
        ...options,
        keyPrefix: `portal:${namespace}:${options.keyPrefix}`,
        storeClient: redis.client,
      }),
      new RateLimiterMemory(options),
    );

/** Asks Redis while it answers, else (and when a command fails) the counters in memory. */
class FallbackLimiter implements Limiter {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: RateLimiterAbstract,
    private readonly local: RateLimiterAbstract,
  ) {}

  private call<M extends Method>(
    method: M,
    ...args: Parameters<RateLimiterAbstract[M]>
  ): ReturnType<RateLimiterAbstract[M]> {
    type Run = (...a: unknown[]) => Promise<unknown>;
    const run = (limiter: RateLimiterAbstract) => (limiter[method] as Run).apply(limiter, args);
    if (!this.redis.available) return run(this.local) as ReturnType<RateLimiterAbstract[M]>;
    return run(this.shared).catch((error: unknown) => {
      // A refusal is an answer; anything else is Redis failing.
      if (error instanceof RateLimiterRes) throw error;
      this.redis.reportFailure(error);
      return run(this.local);
    }) as ReturnType<RateLimiterAbstract[M]>;
  }

  consume(...args: Parameters<RateLimiterAbstract['consume']>) {
    return this.call('consume', ...args);
  }
  reward(...args: Parameters<RateLimiterAbstract['reward']>) {
    return this.call('reward', ...args);
  }
  get(...args: Parameters<RateLimiterAbstract['get']>) {
    return this.call('get', ...args);
  }
  set(...args: Parameters<RateLimiterAbstract['set']>) {
    return this.call('set', ...args);
  }
  delete(...args: Parameters<RateLimiterAbstract['delete']>) {
    return this.call('delete', ...args);
  }
}

const tooMany = (msBeforeNext: number): HttpError =>
  new HttpError(429, 'rateLimited', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });

/** What to do once the password has been checked. */
export interface LoginAttempt {
  /** The right password: the attempt does not count as a failure, and the address becomes known. */
  succeeded(): Promise<void>;
  /**
   * The password could not be checked (the database away): the attempt is given back, so an
   * outage does not lock accounts whose owners keep trying.
   */
  withdrawn(): Promise<void>;
}

export class LoginThrottle {
  private readonly pair: Limiter;
  private readonly address: Limiter;
  private readonly account: Limiter;
  private readonly known: Limiter;

  constructor(create: LimiterFactory) {
    const window = { duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS };
    this.pair = create({ keyPrefix: 'pair', points: LOGIN_LIMITS.perAccountAndAddress, ...window });
    this.address = create({ keyPrefix: 'addr', points: LOGIN_LIMITS.perAddress, ...window });
    this.account = create({ keyPrefix: 'acct', points: LOGIN_LIMITS.perAccountFromNewAddresses, ...window });
    this.known = create({ keyPrefix: 'known', points: 1, duration: LOGIN_LIMITS.knownAddressSeconds });
  }

  /**
   * Reserves one attempt on every counter that applies, atomically and before the password is
   * checked: parallel guesses cannot slip past a limit. Refused with 429 and Retry-After.
   */
  async reserve(email: string, address: string): Promise<LoginAttempt> {
    const pairKey = `${email}|${address}`;
    const isKnown = (await this.known.get(pairKey)) !== null;
    const counters: Array<[Limiter, string]> = [
      [this.pair, pairKey],
      [this.address, address],
      ...(isKnown ? [] : [[this.account, email] as [Limiter, string]]),
    ];
    try {
      for (const [limiter, key] of counters) await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
    return {
      succeeded: async () => {
        await Promise.all([
          this.pair.delete(pairKey),
          ...counters.slice(1).map(([limiter, key]) => limiter.reward(key, 1)),
          this.known.set(pairKey, 1, LOGIN_LIMITS.knownAddressSeconds),
        ]);
      },
      withdrawn: async () => {
        await Promise.all(counters.map(([limiter, key]) => limiter.reward(key, 1)));
      },
    };
  }
}
