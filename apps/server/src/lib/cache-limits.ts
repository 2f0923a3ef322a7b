// The bounds of the server's in-memory caches, in one place (docs/performance.md#caches). Every
// cache is an lru-cache: when one is full, the entries used least recently go first, one at a
// time, so a flood of new keys never empties a cache and an entry in use stays.

const MB = 1024 * 1024;

/**
 * Each answer cache (catalogue, translations, API references, rendered pages): its keys are a few
 * lists and one per existing item and language, so the limits are far above a catalogue's need.
 */
export const ANSWER_CACHE_LIMITS = { maxEntries: 2000, maxBytes: 32 * MB } as const;

/** Signed-in answers, per person, language and URL (every distinct URL is an entry). */
export const PERSONAL_ANSWER_LIMITS = { maxEntries: 20_000, maxBytes: 16 * MB } as const;

/** Sessions in use at once on one SQLite server; beyond that the least recent are read again. */
export const SESSION_LOOKUP_LIMITS = { maxEntries: 10_000 } as const;

/** Distinct SQL texts kept prepared; `in (…)` lists of other lengths are other texts. */
export const STATEMENT_CACHE_LIMITS = { maxEntries: 500 } as const;
