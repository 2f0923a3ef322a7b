import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.js';
import { ANSWER_CACHE_LIMITS } from './cache-limits.js';

export type ContentEncoding = 'br' | 'gzip';

/**
 * How hard compression works: `strongest` for answers built a few times a year (the catalogue),
 * `quick` for answers rebuilt whenever their data changes (the compression plugin's own settings,
 * brotli quality 4 and gzip level 6).
 */
type Effort = 'strongest' | 'quick';

const compressors: Record<Effort, Record<ContentEncoding, (body: Buffer) => Buffer>> = {
  strongest: {
    br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: (body) => gzipSync(body, { level: 9 }),
  },
  quick: {
    br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzip: (body) => gzipSync(body, { level: 6 }),
  },
};

/** A finished answer body, its validator and compressed forms made on first demand. */
export class CachedAnswer {
  #etag: string | undefined;
  readonly #encoded = new Map<ContentEncoding, Buffer>();

  constructor(
    readonly body: Buffer,
    private readonly effort: Effort = 'strongest',
  ) {}

  get etag(): string {
    return (this.#etag ??= `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`);
  }

  encoded(encoding: ContentEncoding): Buffer {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = compressors[this.effort][encoding](this.body);
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * What an answer holds in memory: its body and, once asked for, its compressed forms (counted
 * ahead, at half the body: text compresses to well under a quarter in either encoding).
 */
const bytesOf = (answer: CachedAnswer, key: string): number => Math.ceil(answer.body.length * 1.5) + key.length + 1;

/**
 * Answers kept in memory until the data behind them changes: the change feed's topic drops them
 * all, on every instance. While the feed is not live (it may miss changes) nothing is kept or
 * served from memory. `maxAgeMs` bounds how long a change made outside every instance's feed
 * (a direct database edit) can go unseen. Bounded by ANSWER_CACHE_LIMITS: the least recently
 * used answers go first, so a flood of new keys never evicts the answers in use.
 */
export class AnswerCache {
  readonly #entries = new LRUCache<string, CachedAnswer>({
    max: ANSWER_CACHE_LIMITS.maxEntries,
    maxSize: ANSWER_CACHE_LIMITS.maxBytes,
    sizeCalculation: bytesOf,
  });
  /** Counts drops, so an answer built from data read before a drop is not kept after it. */
  #generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    topic: string,
    private readonly maxAgeMs: number,
  ) {
    feed.subscribe(topic, () => this.clear());
  }

  /** The answer kept for `key`, if there is one and it may still be served. */
  kept(key: string): CachedAnswer | undefined {
    return this.feed.live ? this.#entries.get(key) : undefined;
  }

  /** How many answers are kept (for tests and the reliability suite). */
  get size(): number {
    return this.#entries.size;
  }

  /** The cached answer of `key`, or the one `build` makes (undefined: nothing to answer, not kept). */
  async get(key: string, build: () => Promise<string | undefined>): Promise<CachedAnswer | undefined> {
    const kept = this.kept(key);
    if (kept) return kept;
    const started = Date.now();
    const generation = this.#generation;
    const body = await build();
    if (body === undefined) return undefined;
    const answer = new CachedAnswer(Buffer.from(body));
    // Its age counts from before the data was read.
    const ttl = this.maxAgeMs - (Date.now() - started);
    if (this.feed.live && generation === this.#generation && ttl > 0) this.#entries.set(key, answer, { ttl });
    return answer;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }
}
