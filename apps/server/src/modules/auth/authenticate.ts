import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { authorizationCredentials } from '../../lib/authorization.js';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { forbidden, unauthorized, HttpError } from '../../lib/http-error.js';
import { tokenScopeOf } from '../../plugins/access.js';
import { requestLanguage, type Language } from '../../lib/language.js';
import type { Limiter } from './login-throttle.js';
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
    /** Set when the caller is a personal access token (docs/security.md#personal-access-tokens). */
    accessToken: { id: string; scope: 'read' | 'write' } | null;
    language: Language;
  }
}

/** Personal access tokens as authentication sees them (the access-token module's, via app.ts). */
export interface AccessTokens {
  /** Whether a bearer credential is a personal access token rather than a session token. */
  recognise: (credential: string) => boolean;
  /** The token's caller; undefined when it is unknown, revoked or expired. */
  resolve: (
    token: string,
    now: Date,
  ) => Promise<{ tokenId: string; scope: 'read' | 'write'; person: SessionPerson; dataVersion: string } | undefined>;
  /** Calls per token (ACCESS_TOKEN_LIMITS.callsPerMinute), shared through Redis like every limit. */
  limiter: Limiter;
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
  adminHasSecondFactor: ((personId: string) => Promise<boolean>) | undefined,
  accessTokens: AccessTokens,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('accessToken', null);
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
      if (accessTokens.recognise(token)) return tokenSignIn(access, token, request, done);
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
  /**
   * A personal access token (docs/security.md#personal-access-tokens): unknown, revoked or
   * expired is 401; then the call is counted for the token (429 past the limit); a route that does
   * not declare `token` (every admin route, and every route nobody allowed) is 403, as is a write
   * with a read token. The person's admin flag plays no part: tokens never reach admin routes.
   */
  const tokenSignIn = (
    access: 'user' | 'admin',
    token: string,
    request: FastifyRequest,
    done: (error?: Error) => void,
  ): void => {
    const allowed = access === 'user' && request.routeOptions.config.token === 'allowed';
    const use = async (): Promise<void> => {
      const caller = await accessTokens.resolve(token, app.clock.now());
      if (!caller) throw new HttpError(401, 'accessTokenInvalid');
      try {
        await accessTokens.limiter.consume(caller.tokenId);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw new HttpError(429, 'rateLimited', undefined, {
          'retry-after': String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))),
        });
      }
      if (!allowed) throw new HttpError(403, 'accessTokenNotAllowed');
      if (caller.scope === 'read' && tokenScopeOf(request.method) === 'write')
        throw new HttpError(403, 'accessTokenReadOnly');
      request.user = caller.person;
      request.dataVersion = caller.dataVersion;
      request.accessToken = { id: caller.tokenId, scope: caller.scope };
    };
    use().then(() => done(), done);
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
