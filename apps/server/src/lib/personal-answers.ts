import type { FastifyReply, FastifyRequest } from 'fastify';
import { CachedAnswer } from './answer-cache.js';
import { isoDay } from './period.js';
import { chooseEncoding, COMPRESS_FROM_BYTES } from './send-cached.js';
import type { Clock } from './time.js';

/** What a signed-in route builds: its JSON, and until when (by the app's clock) it stays true. */
export interface PersonalAnswer {
  body: string;
  /** Set when the answer turns false at a known time without any data changing (a grace period ends). */
  validUntil?: string;
}

interface Entry {
  version: string;
  /** The days the answer was built on: default periods follow the calendar. */
  days: string;
  validUntil: string | undefined;
  answer: CachedAnswer;
  bytes: number;
}

/** Bounds what a caller can make us keep (every distinct URL is an entry). */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Answers of signed-in routes kept in memory while the data behind them is unchanged
 * (docs/performance.md#signed-in-answers-and-sessions). An entry is served only to the same person, in the same language,
 * for the same URL, while the database's data version (read with the session on every call, see
 * db/data-version.ts) is the one it was built under, on the same calendar day and before its
 * `validUntil`. Any committed write, on any instance, moves the version: the next call builds
 * afresh. The session itself is never cached, so a logout or a revoked session counts at once.
 *
 * Only for routes whose answer depends on nothing but the database, the person, the URL, the
 * language and the day; their access checks run inside `build`, so an answer is only ever kept
 * for a caller who passed them under the same data.
 */
export class PersonalAnswers {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(private readonly clock: Clock) {}

  async get(request: FastifyRequest, build: () => Promise<PersonalAnswer>): Promise<CachedAnswer> {
    const version = request.dataVersion;
    const person = request.user;
    const now = this.clock.now();
    // The server's calendar and the app's clock (tests move the latter) both set periods.
    const days = `${isoDay(new Date())} ${isoDay(now)}`;
    const key = person ? `${person.id} ${request.language} ${request.url}` : undefined;
    const hit = key === undefined ? undefined : this.#entries.get(key);
    if (
      hit &&
      hit.version === version &&
      hit.days === days &&
      (hit.validUntil === undefined || now.toISOString() < hit.validUntil)
    ) {
      return hit.answer;
    }
    const built = await build();
    const answer = new CachedAnswer(Buffer.from(built.body), 'quick');
    if (key !== undefined && version !== null) {
      this.#keep(key, { version, days, validUntil: built.validUntil, answer, bytes: key.length + answer.body.length });
    }
    return answer;
  }

  #keep(key: string, entry: Entry): void {
    this.#drop(key);
    if (entry.bytes > MAX_BYTES) return;
    // Oldest first (a Map keeps insertion order) until the new entry fits.
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes + entry.bytes <= MAX_BYTES) break;
      this.#drop(oldest);
    }
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/**
 * Sends a personal answer as JSON, compressed when the client takes it and the body is worth it
 * (as the compression plugin would; the compressed form is made once per answer). The API's
 * `Cache-Control: no-store` stays: personal data is not kept by browsers or proxies.
 */
export function sendPersonal(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}
