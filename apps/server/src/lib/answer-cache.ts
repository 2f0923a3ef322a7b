import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ChangeFeed } from './change-feed.js';

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

/** Catalogue-sized: the keys are a few lists and one per existing item. */
const MAX_ENTRIES = 2000;

/**
 * Answers kept in memory until the data behind them changes: the change feed's topic drops them
 * all, on every instance. While the feed is not live (it may miss changes) nothing is kept or
 * served from memory. `maxAgeMs` bounds how long a change made outside every instance's feed
 * (a direct database edit) can go unseen.
 */
export class AnswerCache {
  readonly #entries = new Map<string, { answer: CachedAnswer; expires: number }>();
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
    const hit = this.feed.live ? this.#entries.get(key) : undefined;
    return hit && hit.expires > Date.now() ? hit.answer : undefined;
  }

  /** The cached answer of `key`, or the one `build` makes (undefined: nothing to answer, not kept). */
  async get(key: string, build: () => Promise<string | undefined>): Promise<CachedAnswer | undefined> {
    const kept = this.kept(key);
    if (kept) return kept;
    const now = Date.now();
    const generation = this.#generation;
    const body = await build();
    if (body === undefined) return undefined;
    const answer = new CachedAnswer(Buffer.from(body));
    if (this.feed.live && generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, { answer, expires: now + this.maxAgeMs });
    }
    return answer;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }
}
