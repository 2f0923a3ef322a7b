import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// One log line per request, written when its answer has gone out: what an operator looks for
// (method, URL with secrets redacted, host, client address, user agent, status, bytes, time in
// ms, request id, and for a refused request the error code of its answer). Fastify's own two
// lines per request ("incoming request", then "request completed") doubled the cost of logging
// on every call. Failures (5xx) and refusals under pressure still get a line of their own from
// the error handler, with the error, at error or warn level. See docs/operations.md#logs.

/** The error code of a 4xx answer, noted by the error handler for the request's line. */
const refusals = new WeakMap<FastifyRequest, string>();

/** Notes the error code a request was refused with; it appears in the request's one line. */
export function noteRefusal(request: FastifyRequest, code: string): void {
  refusals.set(request, code);
}

/** What a request's line says about the answer (Fastify logs a bare `{ statusCode }` too). */
export function serializeReply(
  reply: Pick<FastifyReply, 'statusCode'> & Partial<Pick<FastifyReply, 'getHeader'>>,
) {
  const length = reply.getHeader?.('content-length');
  return {
    statusCode: reply.statusCode,
    ...(length === undefined ? {} : { contentLength: Number(length) }),
  };
}

/** Fastify's log lines of a request, reduced to one when the answer is finished. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Nothing yet: the request's line is written once its answer has gone out.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Nothing to build for a silenced log (the bench's old setting, tests).
    if (!error && reply.log.level === 'silent') return;
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    const code = refusals.get(request);
    const line = { req: request, res: reply, responseTime, ...(code === undefined ? {} : { code }) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
