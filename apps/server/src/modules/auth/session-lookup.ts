import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { dataVersionReader } from '../../db/data-version.js';
import type { Database } from '../../db/database.js';
import { SESSION_LOOKUP_LIMITS } from '../../lib/cache-limits.js';
import { sha256Hex } from '../../lib/ids.js';
import {
  lookUpSession,
  needsTouch,
  sessionExpired,
  type AuthenticatedSession,
  type LookedUpSession,
} from './session.service.js';

/**
 * The session lookup of every signed-in call (docs/performance.md#signed-in-answers-and-sessions). On SQLite the session
 * last read for a token is used again while the database's data version is the one read with it
 * (db/data-version.ts): any committed write since, from this server or another process (a logout,
 * a new password, a disabled account, the command line), moves the version, and the next call
 * reads the session again. Reading the version alone costs a few microseconds, a tenth of the
 * session statement. Idle and absolute expiry are checked on every call as on a read; a session due
 * to be marked as seen is read (and marked) again. On PostgreSQL the version takes a round trip
 * like the session itself, so the session is read every time, with the version in the same
 * statement. Bounded by SESSION_LOOKUP_LIMITS: the sessions used least recently are read again.
 */
export class SessionLookup {
  readonly #byTokenHash = new LRUCache<string, LookedUpSession>({ max: SESSION_LOOKUP_LIMITS.maxEntries });
  readonly #readVersion: (() => string) | undefined;

  constructor(private readonly db: Kysely<Database>) {
    this.#readVersion = dataVersionReader(db);
  }

  /** The session of `token` without a read, when the one read last is still current; else undefined. */
  recall(token: string, now: Date): { tokenHash: string; session: AuthenticatedSession | undefined } {
    const tokenHash = sha256Hex(token);
    const known = this.#readVersion ? this.#byTokenHash.get(tokenHash) : undefined;
    if (!known || known.session.dataVersion !== this.#readVersion?.())
      return { tokenHash, session: undefined };
    if (sessionExpired(known.lastSeenMs, known.absoluteExpiresMs, now) || needsTouch(known.lastSeenMs, now)) {
      return { tokenHash, session: undefined };
    }
    return { tokenHash, session: known.session };
  }

  /** Reads the session of `tokenHash` (and keeps it, on SQLite). */
  async resolve(tokenHash: string, now: Date): Promise<AuthenticatedSession | undefined> {
    const found = await lookUpSession(this.db, tokenHash, now);
    if (!this.#readVersion) return found?.session;
    this.#byTokenHash.delete(tokenHash);
    if (!found) return undefined;
    this.#byTokenHash.set(tokenHash, found);
    return found.session;
  }
}
