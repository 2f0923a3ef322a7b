import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache, CachedAnswer, ContentEncoding } from './answer-cache.js';
import { notFound } from './http-error.js';

/** Smaller answers are sent uncompressed: the saving would not pay for the work. */
export const COMPRESS_FROM_BYTES = 1024;

/** If-None-Match names this validator (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function chooseEncoding(header: string | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',').slice(0, 20)) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a cached JSON answer: 304 when the client's copy is current, else the body in the best
 * encoding the client takes (compressed once per answer, not per request). `vary` names the
 * request headers the answer depends on besides Accept-Encoding.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  headers: { cacheControl: string; vary?: string },
): FastifyReply {
  void reply
    .header('etag', answer.etag)
    .header('cache-control', headers.cacheControl)
    .header('vary', headers.vary ? `${headers.vary}, accept-encoding` : 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

/**
 * Sends the answer `cache` keeps for `key` (see sendCached), built by `build` first when none is
 * kept; 404 when `build` finds nothing. A kept answer, nearly every call, is sent at once: the
 * handler returns no promise, so Fastify waits for none.
 */
export function sendFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  key: string,
  build: () => Promise<string | undefined>,
  headers: { cacheControl: string; vary?: string },
): Promise<void> | undefined {
  const kept = cache.kept(key);
  if (kept) {
    sendCached(request, reply, kept, headers);
    return undefined;
  }
  return cache.get(key, build).then((answer) => {
    if (!answer) throw notFound();
    sendCached(request, reply, answer, headers);
  });
}
