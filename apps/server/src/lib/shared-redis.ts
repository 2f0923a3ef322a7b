import { Redis } from 'ioredis';

// Redis is a helper, never a dependency a request waits on (docs/operations.md#redis): every
// command gives up after COMMAND_TIMEOUT_MS, nothing is queued while the connection is down,
// and a breaker sends every caller to its in-memory stand-in at the first failure, until a probe
// answers again.
const REDIS_TIMEOUTS = {
  /** Longest a command may take before it counts as a failure. */
  commandTimeoutMs: 300,
  /** Longest a (re)connection may take. */
  connectTimeoutMs: 1000,
  /** How often the connection is checked (PING), so a silent outage is noticed without traffic. */
  probeEveryMs: 1000,
  /** Longest pause between reconnection attempts. */
  maxReconnectDelayMs: 2000,
} as const;

export interface SharedRedis {
  readonly client: Redis;
  /** True while Redis answers; false from the first failure until a probe answers again. */
  readonly available: boolean;
  /** A caller's command failed or was late: open the breaker at once. */
  reportFailure(error: unknown): void;
  /** Runs on every change of `available`. */
  onAvailabilityChange(listener: (available: boolean) => void): void;
  close(): Promise<void>;
}

interface SharedRedisLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** Options for every connection to Redis, including the change feed's subscriber. */
const redisOptions = {
  commandTimeout: REDIS_TIMEOUTS.commandTimeoutMs,
  connectTimeout: REDIS_TIMEOUTS.connectTimeoutMs,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  retryStrategy: (attempt: number): number => Math.min(attempt * 200, REDIS_TIMEOUTS.maxReconnectDelayMs),
} as const;

/** One connection per instance, shared by the rate limits, the sign-in counters and the change feed. */
export function connectSharedRedis(url: string, log: SharedRedisLog): SharedRedis {
  const client = new Redis(url, redisOptions);
  const listeners: Array<(available: boolean) => void> = [];
  let answered = false;
  let closed = false;
  let probing = false;

  const available = (): boolean => answered && client.status === 'ready';
  let shown = available();
  const update = (): void => {
    const now = available();
    if (now === shown || closed) return;
    shown = now;
    if (now) log.info('Redis answers again: shared counters in use');
    else log.warn({}, 'Redis unavailable: each instance counts on its own until it answers');
    for (const listener of listeners) listener(now);
  };
  const fail = (): void => {
    answered = false;
    update();
  };

  const probe = (): void => {
    if (probing || closed || client.status !== 'ready') return;
    probing = true;
    client.ping().then(
      () => {
        probing = false;
        answered = true;
        update();
      },
      () => {
        probing = false;
        fail();
      },
    );
  };
  // Errors are reported as the breaker's state changes (above), not once per reconnection attempt.
  client.on('error', () => fail());
  client.on('close', () => fail());
  client.on('ready', probe);
  const timer = setInterval(probe, REDIS_TIMEOUTS.probeEveryMs);
  timer.unref();

  return {
    client,
    get available() {
      return available();
    },
    reportFailure: () => fail(),
    onAvailabilityChange: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      clearInterval(timer);
      await client.quit().catch(() => client.disconnect());
    },
  };
}
