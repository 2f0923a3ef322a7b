import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRedis } from './shared-redis.js';

// @fastify/rate-limit's own stores; its package names no types for them, the shape is its
// FastifyRateLimitStore.
const require = createRequire(import.meta.url);
type StoreFactory = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => FastifyRateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreFactory;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreFactory;

type Incr = FastifyRateLimitStore['incr'];

/**
 * Counts in Redis while it answers and in this instance's memory while it does not, so a Redis
 * outage neither opens the limits nor refuses everyone (docs/security.md#sign-in-throttling).
 * A failed or late Redis command opens the breaker and the request is counted in memory.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    if (!this.redis.available) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.redis.reportFailure(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The store class @fastify/rate-limit builds (it passes its global options). */
export function fallbackStore(redis: SharedRedis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its resolved global settings, more than its type names.
      const settings = options as { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      const continueExceeding = settings.continueExceeding ?? false;
      const exponentialBackoff = settings.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, settings.cache),
      );
    }
  };
}
