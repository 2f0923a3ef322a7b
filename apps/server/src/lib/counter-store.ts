import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for throttling. In memory for one instance; in Redis when REDIS_URL is
 * set, so several instances behind a load balancer share them.
 */
export interface CounterStore {
  /** Current count and milliseconds until the window ends (0 when no window is open). */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  increment(key: string, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    get: async (key) => {
      const entry = live(key);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : { count: 0, resetInMs: 0 };
    },
    increment: async (key, windowMs) => {
      const entry = live(key);
      if (entry) entry.count += 1;
      else windows.set(key, { count: 1, resetAt: now() + windowMs });
      // Keep the map from growing without bound under a spray of distinct keys.
      if (windows.size > 100_000) for (const k of windows.keys()) if (!live(k)) windows.delete(k);
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
}

export function redisCounterStore(redis: Redis, prefix = 'portal:throttle:'): CounterStore {
  return {
    get: async (key) => {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
    },
    increment: async (key, windowMs) => {
      await redis.multi().incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').exec();
    },
    reset: async (key) => {
      await redis.del(prefix + key);
    },
  };
}
