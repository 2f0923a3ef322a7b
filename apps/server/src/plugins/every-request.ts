import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { securityHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Origins pages may connect to besides the portal's own (the servers of published API
     * references, for their try-it panels); replaces the ones set before.
     */
    setPageConnectSources: (origins: readonly string[]) => void;
  }
  interface FastifyContextConfig {
    /** Answered even while the server refuses requests under pressure (liveness). */
    answersUnderPressure?: boolean;
  }
}

/** How long a client refused under pressure is asked to wait. */
const RETRY_AFTER_SECONDS = '10';

/**
 * @fastify/under-pressure watches the event loop; `isUnderPressure()` says when it is stuck. It
 * also adds a hook of its own to every request of the context it is registered in, which builds
 * the route's options object to look for a per-route handler. Registered in a context of its own
 * that has no routes, it measures the same and that hook never runs; the one hook below asks it.
 */
async function watchPressure(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<() => boolean> {
  let isUnderPressure: (() => boolean) | undefined;
  await app.register(async (watcher) => {
    await watcher.register(underPressure, { maxEventLoopDelay: maxEventLoopDelayMs });
    isUnderPressure = () => watcher.isUnderPressure();
  });
  // Set once the await above has loaded the plugin; returned as it is, not wrapped again.
  if (!isUnderPressure) throw new Error('under-pressure was not loaded');
  return isUnderPressure;
}

/**
 * What every request needs before its route, in one synchronous hook: each hook Fastify runs costs
 * on every call, an `async` one a promise too (docs/performance.md#answers).
 * - While the event loop is stuck (docs/security.md#a-stuck-event-loop), a request gets 503 with
 *   Retry-After, unless its route says `answersUnderPressure` (liveness).
 * - Every answer carries its `x-request-id` and the hardening headers (security-headers.ts); the
 *   API's answers are `no-store` unless the route sets its own `Cache-Control`.
 * `app.isUnderPressure()` tells readiness the same as the hook.
 */
export async function registerEveryRequestHook(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  const isUnderPressure = await watchPressure(app, maxEventLoopDelayMs);
  app.decorate('isUnderPressure', isUnderPressure);
  const { pages: initialPages, api } = securityHeaders();
  let pages = initialPages;
  // The OpenAPI UI under /rest/docs is a page: the page headers, and no-store like the rest of /rest/.
  const apiAnswers = { ...api, 'cache-control': 'no-store' };
  let docsPages = { ...pages, 'cache-control': 'no-store' };
  app.decorate('setPageConnectSources', (origins: readonly string[]) => {
    pages = securityHeaders(origins).pages;
    docsPages = { ...pages, 'cache-control': 'no-store' };
  });
  const headersFor = (url: string): Record<string, string> =>
    !url.startsWith('/rest/') ? pages : url.startsWith('/rest/docs') ? docsPages : apiAnswers;
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersFor(request.url)).header('x-request-id', request.id);
    if (isUnderPressure() && request.routeOptions.config.answersUnderPressure !== true) {
      return done(new HttpError(503, 'unavailable', undefined, { 'retry-after': RETRY_AFTER_SECONDS }));
    }
    done();
  });
}
