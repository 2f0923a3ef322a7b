import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { authorizationCredentials } from '../../lib/authorization.js';
import { forbidden, unauthorized, HttpError } from '../../lib/http-error.js';
import { requestLanguage, type Language } from '../../lib/language.js';
import type { SessionPerson } from './session.repository.js';
import { SessionLookup } from './session-lookup.js';
import type { AuthenticatedSession } from './session.service.js';
import { timingSafeEqual } from 'node:crypto';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null for anonymous calls. */
    user: SessionPerson | null;
    sessionId: string | null;
    /** The database's data version read with the session (db/data-version.ts); null when anonymous. */
    dataVersion: string | null;
    language: Language;
  }
}

const SESSION_TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

function bearerToken(request: FastifyRequest): string | undefined {
  const token = authorizationCredentials(request.headers.authorization, 'bearer');
  return token !== undefined && SESSION_TOKEN.test(token) ? token : undefined;
}

function sameSecret(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/**
 * Resolves the caller of every route that is not public and enforces its declared access policy.
 * The hook is the route's own (added as each route is declared), so public routes, most calls,
 * run none: the web app sends its token on every call, and a session lookup per catalogue
 * request would be wasted work. It runs first among the route's hooks, before a rate limit's.
 */
export function registerAuthentication(
  app: FastifyInstance,
  usageIngestTokens: readonly string[],
  /**
   * With ADMIN_MFA=required: whether a person has a second factor (the mfa module's, handed over
   * by app.ts). Unset: admins need none.
   */
  adminHasSecondFactor?: (personId: string) => Promise<boolean>,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('dataVersion', null);
  // Read from the headers where it is used: cheaper than setting it on every request.
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return requestLanguage(this.headers);
    },
  });
  const sessions = new SessionLookup(app.db);

  // onRequest: the caller is known (or refused) before the body is even read, so anonymous
  // callers cannot make us parse or validate anything on guarded routes. A callback hook, not an
  // async one: a remembered session passes without a promise.
  const checkIngestToken: onRequestHookHandler = (request, _reply, done) => {
    const given = authorizationCredentials(request.headers.authorization, 'bearer') ?? '';
    // Every configured token is compared (no early exit), so timing does not tell which matched.
    const known = usageIngestTokens.reduce((found, token) => sameSecret(given, token) || found, false);
    done(given && known ? undefined : unauthorized());
  };
  const signInHook =
    (access: 'user' | 'admin'): onRequestHookHandler =>
    (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token) return done(unauthorized());
      const signIn = (session: AuthenticatedSession | undefined) => {
        if (!session) return done(unauthorized());
        request.user = session.person;
        request.sessionId = session.sessionId;
        request.dataVersion = session.dataVersion;
        if (access !== 'admin') return done();
        if (session.person.isAdmin !== 1) return done(forbidden());
        if (!adminHasSecondFactor) return done();
        // Admins must have a second factor (docs/security.md#two-factor-sign-in); without one they
        // may sign in and set one up in their profile, but no admin route answers them.
        adminHasSecondFactor(session.person.id).then(
          (has) => done(has ? undefined : new HttpError(403, 'mfaRequired')),
          done,
        );
      };
      const now = app.clock.now();
      const recalled = sessions.recall(token, now);
      if (recalled.session) return signIn(recalled.session);
      sessions.resolve(recalled.tokenHash, now).then(signIn, done);
    };
  const hooks = { ingest: checkIngestToken, user: signInHook('user'), admin: signInHook('admin') };

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined || access === 'public') return;
    const own =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    route.onRequest = [hooks[access], ...own];
  });
}

/** The signed-in person of a route declared 'user' or 'admin'. */
export function currentUser(request: FastifyRequest): SessionPerson {
  if (!request.user) throw new HttpError(401, 'unauthorized');
  return request.user;
}
