import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized, HttpError } from '../lib/http-error.js';
import { requestLanguage, type Language } from '../lib/language.js';
import type { SessionPerson } from '../modules/auth/session.repository.js';
import { SessionLookup } from '../modules/auth/session-lookup.js';
import type { AuthenticatedSession } from '../modules/auth/session.service.js';
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

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(header);
  return match?.[1];
}

function sameSecret(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Resolves the caller once per request and enforces the route's declared access policy. */
export function registerAuthentication(app: FastifyInstance, usageIngestTokens: readonly string[]): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('dataVersion', null);
  app.decorateRequest('language', 'de');
  const sessions = new SessionLookup(app.db);

  // onRequest: the caller is known (or refused) before the body is even read, so anonymous
  // callers cannot make us parse or validate anything on guarded routes. A callback hook, not an
  // async one: public calls (most of them) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = requestLanguage(request.headers);
    const access = request.routeOptions.config.access;
    // Public routes never look at the token: the web app sends it on every call, and a session
    // lookup per catalogue request would be wasted work.
    if (access === undefined || access === 'public') return done();
    if (access === 'ingest') {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      // Every configured token is compared (no early exit), so timing does not tell which matched.
      const known = usageIngestTokens.reduce((found, token) => sameSecret(given, token) || found, false);
      return done(given && known ? undefined : unauthorized());
    }
    const token = bearerToken(request);
    if (!token) return done(unauthorized());
    const signIn = (session: AuthenticatedSession | undefined) => {
      if (!session) return done(unauthorized());
      request.user = session.person;
      request.sessionId = session.sessionId;
      request.dataVersion = session.dataVersion;
      done(access === 'admin' && session.person.isAdmin !== 1 ? forbidden() : undefined);
    };
    const now = new Date();
    const recalled = sessions.recall(token, now);
    if (recalled.session) return signIn(recalled.session);
    sessions.resolve(recalled.tokenHash, now).then(signIn, done);
  });
}

/** The signed-in person of a route declared 'user' or 'admin'. */
export function currentUser(request: FastifyRequest): SessionPerson {
  if (!request.user) throw new HttpError(401, 'unauthorized');
  return request.user;
}
