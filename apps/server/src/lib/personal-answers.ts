import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CachedAnswer } from './answer-cache.js';
import { PERSONAL_ANSWER_LIMITS } from './cache-limits.js';
import { dayNumberOfTime } from './period.js';
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

/** Answers are kept per person, language and URL. */
const keyOf = (request: FastifyRequest): string | undefined =>
  request.user ? `${request.user.id} ${request.language} ${request.url}` : undefined;

/**
 * The app's clock sets default periods (every route reads "now" from it): its UTC day number
 * (read on every kept answer, so no date text is made).
 */
const daysOf = (now: Date): string => String(dayNumberOfTime(now.getTime()));

/**
 * Answers of signed-in routes kept in memory while the data behind them is unchanged
 * (docs/performance.md#signed-in-answers-and-sessions). An entry is served only to the same person, in the same language,
 * for the same URL, while the database's data version (read with the session on every call, see
 * db/data-version.ts) is the one it was built under, on the same calendar day and before its
 * `validUntil`. Any committed write, on any instance, moves the version: the next call builds
 * afresh. The session itself is never cached, so a logout or a revoked session counts at once.
 *
 * Only for routes whose answer depends on nothing but the database, the person, the URL, the
 * language and the day; their access checks run before `build` (a declared role) or inside it,
 * so an answer is only ever kept for a caller who passed them under the same data.
 * Bounded by PERSONAL_ANSWER_LIMITS (every distinct URL is an entry): the least recently used
 * answers go first.
 */
export class PersonalAnswers {
  readonly #entries = new LRUCache<string, Entry>({
    max: PERSONAL_ANSWER_LIMITS.maxEntries,
    maxSize: PERSONAL_ANSWER_LIMITS.maxBytes,
    sizeCalculation: (entry) => entry.bytes,
  });

  constructor(private readonly clock: Clock) {}

  /** The answer kept for this caller and URL, while it may still be served; else undefined. */
  kept(request: FastifyRequest): CachedAnswer | undefined {
    const key = keyOf(request);
    const hit = key === undefined ? undefined : this.#entries.get(key);
    if (!hit || hit.version !== request.dataVersion) return undefined;
    const now = this.clock.now();
    if (hit.days !== daysOf(now)) return undefined;
    return hit.validUntil === undefined || now.toISOString() < hit.validUntil ? hit.answer : undefined;
  }

  /** The kept answer, or the one `build` makes (kept for the next call under the same data). */
  async get(request: FastifyRequest, build: () => Promise<PersonalAnswer>): Promise<CachedAnswer> {
    const kept = this.kept(request);
    if (kept) return kept;
    const version = request.dataVersion;
    const key = keyOf(request);
    const days = daysOf(this.clock.now());
    const built = await build();
    const answer = new CachedAnswer(Buffer.from(built.body), 'quick');
    if (key !== undefined && version !== null) {
      // An answer larger than the whole bound is not kept (lru-cache refuses it).
      this.#entries.set(key, { version, days, validUntil: built.validUntil, answer, bytes: key.length + answer.body.length });
    }
    return answer;
  }
}

/**
 * Sends a personal answer as JSON, compressed when the client takes it and the body is worth it
 * (as the compression plugin would; the compressed form is made once per answer). The API's
 * `Cache-Control: no-store` stays: personal data is not kept by browsers or proxies.
 */
function sendPersonal(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

/**
 * Sends the caller's kept answer (see sendPersonal), or the one `build` makes. A kept answer, the
 * common case, is sent at once: the handler returns no promise, so Fastify waits for none.
 */
export function sendPersonalAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: PersonalAnswers,
  build: () => Promise<PersonalAnswer>,
): Promise<void> | undefined {
  const kept = answers.kept(request);
  if (kept) {
    sendPersonal(request, reply, kept);
    return undefined;
  }
  return answers.get(request, build).then((answer) => void sendPersonal(request, reply, answer));
}
