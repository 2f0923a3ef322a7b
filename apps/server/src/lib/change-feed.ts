import type { Redis } from 'ioredis';
import type { SharedRedis } from '../lib/shared-redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells every instance that data behind an in-memory cache changed. */
    changes: ChangeFeed;
  }
}

type Handler = () => void;

/**
 * How instances tell each other that cached data changed (see docs/performance.md#caches). A
 * change published on one instance reaches the handlers of every instance: at once on this one,
 * through Redis pub/sub on the others. Caches answer from memory only while `live`: when the
 * feed may have missed a change (Redis connection lost), every handler is called on reconnect
 * and the caches are bypassed meanwhile.
 */
export interface ChangeFeed {
  readonly live: boolean;
  publish(topic: string): Promise<void>;
  /** The handler runs for every change of the topic, and whenever changes may have been missed. */
  subscribe(topic: string, handler: Handler): void;
  close(): Promise<void>;
}

class Handlers {
  readonly #byTopic = new Map<string, Set<Handler>>();

  add(topic: string, handler: Handler): void {
    const set = this.#byTopic.get(topic) ?? new Set();
    set.add(handler);
    this.#byTopic.set(topic, set);
  }

  deliver(topic: string): void {
    for (const handler of this.#byTopic.get(topic) ?? []) handler();
  }

  all(): void {
    for (const set of this.#byTopic.values()) for (const handler of set) handler();
  }
}

/** One instance alone (the embedded set-up): a change only needs to reach this process. */
export function localChangeFeed(): ChangeFeed {
  const handlers = new Handlers();
  return {
    live: true,
    publish: (topic) => {
      handlers.deliver(topic);
      return Promise.resolve();
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    close: () => Promise.resolve(),
  };
}

const CHANNEL = 'portal:changes';

/**
 * Several instances sharing Redis. `publisher` is the instance's Redis connection; a second one
 * subscribes. A failed publish is reported through onError: the change itself is already stored,
 * and instances that miss it are those whose own connection broke, which makes them not live.
 * With `health` (the instance's breaker, lib/shared-redis.ts) the feed is also not live while
 * Redis does not answer, paused or cut off, even though the subscriber's connection stays open;
 * each change of that state calls every handler, as a change may have been missed meanwhile.
 */
export function redisChangeFeed(
  publisher: Redis,
  onError: (error: unknown) => void,
  health?: Pick<SharedRedis, 'available' | 'onAvailabilityChange'>,
): ChangeFeed {
  const handlers = new Handlers();
  const subscriber = publisher.duplicate({ autoResubscribe: false, maxRetriesPerRequest: null });
  let subscribed = false;
  let closed = false;
  health?.onAvailabilityChange(() => handlers.all());
  subscriber.on('ready', () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        // Changes published while we were not listening are unknown: start from nothing.
        handlers.all();
        subscribed = true;
      },
      (error: unknown) => onError(error),
    );
  });
  subscriber.on('close', () => {
    subscribed = false;
    handlers.all();
  });
  subscriber.on('error', (error: unknown) => {
    // An outage the breaker knows of is logged once there, not at every reconnection attempt.
    if (!closed && (health?.available ?? true)) onError(error);
  });
  subscriber.on('message', (channel: string, topic: string) => {
    if (channel === CHANNEL) handlers.deliver(topic);
  });
  return {
    get live() {
      return subscribed && (health?.available ?? true);
    },
    async publish(topic) {
      handlers.deliver(topic);
      // While Redis does not answer, every instance's breaker is open and its caches bypassed;
      // they start afresh when it answers again, so there is nothing to wait for here.
      if (health && !health.available) return;
      try {
        await publisher.publish(CHANNEL, topic);
      } catch (error) {
        onError(error);
      }
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async close() {
      closed = true;
      subscribed = false;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
