import type { Redis } from 'ioredis';

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
 */
export function redisChangeFeed(publisher: Redis, onError: (error: unknown) => void): ChangeFeed {
  const handlers = new Handlers();
  const subscriber = publisher.duplicate({ autoResubscribe: false, maxRetriesPerRequest: null });
  let live = false;
  let closed = false;
  subscriber.on('ready', () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        // Changes published while we were not listening are unknown: start from nothing.
        handlers.all();
        live = true;
      },
      (error: unknown) => onError(error),
    );
  });
  subscriber.on('close', () => {
    live = false;
    handlers.all();
  });
  subscriber.on('error', (error: unknown) => {
    if (!closed) onError(error);
  });
  subscriber.on('message', (channel: string, topic: string) => {
    if (channel === CHANNEL) handlers.deliver(topic);
  });
  return {
    get live() {
      return live;
    },
    async publish(topic) {
      handlers.deliver(topic);
      try {
        await publisher.publish(CHANNEL, topic);
      } catch (error) {
        onError(error);
      }
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async close() {
      closed = true;
      live = false;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
