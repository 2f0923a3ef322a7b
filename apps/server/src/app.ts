import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import fastQuerystring from 'fast-querystring';
import qs from 'qs';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Dialect } from './db/connect.js';
import { requestIds } from './lib/ids.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { systemClock, type Clock } from './lib/time.js';
import { enforceAccessDeclarations, type RouteAccess } from './plugins/access.js';
import { registerAuthentication } from './modules/auth/authenticate.js';
import { localChangeFeed, redisChangeFeed } from './lib/change-feed.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerEveryRequestHook } from './plugins/every-request.js';
import { registerSpa } from './modules/public-pages/spa.js';
import { registerDocs } from './plugins/docs.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { translationRoutes } from './modules/translation/translation.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { mediaRoutes } from './modules/catalogue/media.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { startSignedInSession } from './modules/account/sign-in.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { ownSessionRoutes } from './modules/auth/own-sessions.routes.js';
import { LoginThrottle, memoryLimiters, redisLimiters } from './modules/auth/login-throttle.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { accessTokenRoutes } from './modules/access-token/access-token.routes.js';
import { isAccessToken, resolveAccessToken } from './modules/access-token/access-token.service.js';
import { ACCESS_TOKEN_LIMITS } from '@portal/contract/access-token';
import { personRoutes } from './modules/person/person.routes.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { hasSecondFactor, signInChallenge } from './modules/mfa/mfa.service.js';
import { projectRoutes } from './modules/project/project.routes.js';
import { memberRoutes } from './modules/project/member.routes.js';
import { InvitationMailLimits } from './modules/project/invitation-mail-limits.js';
import { licenceRoutes } from './modules/licence/licence.routes.js';
import { licenceToolsRoutes } from './modules/licence-tools/licence-tools.routes.js';
import { usageRoutes } from './modules/usage/usage.routes.js';
import { adminReportRoutes } from './modules/admin-report/admin-report.routes.js';
import { adminServiceRoutes } from './modules/admin-service/admin-service.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { serviceApiRoutes } from './modules/service-api/service-api.routes.js';
import { mockRoutes } from './modules/service-api/mock.routes.js';
import { personConsoleRoutes } from './modules/person/person-console.routes.js';
import { adminContentRoutes } from './modules/admin-content/admin-content.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { billingProfileRoutes } from './modules/billing-profile/billing-profile.routes.js';
import { billingSettingsRoutes } from './modules/billing-settings/billing-settings.routes.js';
import { registerRoleChecks } from './modules/access/role-check.js';
import { webhookRoutes } from './modules/webhook/webhook.routes.js';
import { HttpError } from './lib/http-error.js';
import { PersonalAnswers } from './lib/personal-answers.js';
import { COMPRESS_FROM_BYTES } from './lib/send-cached.js';
import { fallbackStore } from './lib/rate-limit-store.js';
import { connectSharedRedis } from './lib/shared-redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    /** Every route with its declared access policy (read by tests). */
    routeAccess: RouteAccess[];
    /** "Now" for time-based rules (lib/time.ts); tests inject their own. */
    clock: Clock;
    /** Signed-in answers kept while their data is unchanged (lib/personal-answers.ts). */
    personalAnswers: PersonalAnswers;
  }
}

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Defaults to the system clock; tests move time with their own. */
  clock?: Clock;
  /**
   * Mean event-loop delay from which requests are refused with 503 (0: never). Defaults to 1 s;
   * tests of other behaviour on a busy two-core machine switch the guard off.
   */
  maxEventLoopDelayMs?: number;
}

// qs never creates __proto__ keys; limits keep a hostile query from building huge objects.
const qsOptions = { allowPrototypes: false, arrayLimit: 100, depth: 5, parameterLimit: 200 } as const;

/**
 * Query strings with bracket keys (namespace[]=A) need qs; the rest (nearly every call) are read
 * by fast-querystring (Fastify's own default parser), with the same result for such strings and
 * a tenth of qs's or node's querystring's cost. The URL's length bounds the number of keys.
 */
function parseQuery(query: string): Record<string, unknown> {
  if (query.includes('[') || /%5b/i.test(query)) return qs.parse(query, qsOptions);
  return fastQuerystring.parse(query) as Record<string, unknown>;
}

/** Largest request body we accept outside file uploads. */
const BODY_LIMIT = 256 * 1024;

// Slow or idle clients cannot hold sockets for ever: a request must arrive whole within 30 s,
// an idle keep-alive socket closes after 72 s (longer than the usual 60 s of load balancers, so
// they close first), any silent socket after 75 s. See docs/security.md#timeouts.
const TIMEOUTS = { requestTimeout: 30_000, keepAliveTimeout: 72_000, connectionTimeout: 75_000 } as const;

/** An event loop this late means requests are queueing: refuse new ones with 503 until it recovers. */
const MAX_EVENT_LOOP_DELAY_MS = 1000;

/**
 * Builds the whole application without listening, so tests can drive it with inject().
 * Order: first the error handler and the every-request hook (overload guard, request id, hardening
 * headers), so that they cover every answer, the external plugins' included; then the external
 * plugins (compression, bodies, rate limits, docs); then ours (access declarations,
 * authentication, role checks), which see each route as it is added; then the routes; the SPA last.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    ...TIMEOUTS,
    trustProxy: config.trustProxy,
    genReqId: requestIds(),
    // One line per request, when its answer has gone out (lib/request-log.ts).
    logController: new OneLinePerRequest(),
    // Fastify gives every request a child logger with its id; pino builds each one anew (with the
    // redaction paths). A silent logger writes nothing, so its requests share it.
    childLoggerFactory: (logger, bindings, childOptions) =>
      logger.level === 'silent' ? logger : logger.child(bindings, childOptions),
    requestIdHeader: false,
    // Reject JSON bodies that try to reach Object.prototype.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: {
      ignoreTrailingSlash: true,
      // Bracket arrays in query strings too (namespace[]=A&namespace[]=B).
      querystringParser: parseQuery,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', options.db);
  app.decorate('dialect', options.dialect);
  app.decorate('config', config);
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('personalAnswers', new PersonalAnswers(app.clock));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  // Defence in depth against a stuck event loop: new requests get 503 with Retry-After (the error
  // handler keeps its own error shape) and /rest/ready says not ready, so a load balancer takes
  // this instance out until it recovers. Liveness (/rest/health) opts out in its route config.
  // The same hook sets the request id and the hardening headers of every answer.
  await registerEveryRequestHook(app, options.maxEventLoopDelayMs ?? MAX_EVENT_LOOP_DELAY_MS);
  // JSON answers (translations, catalogue, reports) shrink to a fifth; brotli at its fast
  // default level. Files of the web build arrive precompressed and are left as they are.
  // Request bodies are never compressed by our clients: no decompression step on every request.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    globalDecompression: false,
  });
  await app.register(formbody, {
    // Bracket arrays (domainsProduction[]=a) as the web app sends them; qs drops __proto__ keys.
    parser: (body) => qs.parse(body, qsOptions),
    bodyLimit: BODY_LIMIT,
  });
  // Counters shared through Redis when several instances run; in memory otherwise, and in memory
  // too while Redis does not answer (lib/shared-redis.ts).
  const redis = config.redisUrl ? connectSharedRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  // Cached answers (catalogue) are dropped on every instance when their data changes.
  const changes = redis
    ? redisChangeFeed(
        redis.client,
        (error) => app.log.warn({ err: error }, 'change feed: Redis unavailable'),
        redis,
      )
    : localChangeFeed();
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.close());
  await app.register(rateLimit, {
    global: false, // only routes that declare a limit: sign-in, password, uploads, contact
    ...(redis ? { store: fallbackStore(redis, 'portal:rl:') } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rateLimited', undefined, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  });
  await registerDocs(app);

  enforceAccessDeclarations(app, app.routeAccess);
  registerAuthentication(
    app,
    config.usageIngestTokens,
    config.adminMfa === 'required' ? (personId) => hasSecondFactor(app.db, personId) : undefined,
    {
      recognise: isAccessToken,
      resolve: (token, now) => resolveAccessToken(app.db, token, now),
      limiter: (redis ? redisLimiters(redis, 'token') : memoryLimiters)({
        keyPrefix: 'calls',
        points: ACCESS_TOKEN_LIMITS.callsPerMinute,
        duration: 60,
      }),
    },
  );
  registerRoleChecks(app);

  await app.register(healthRoutes);
  await app.register(translationRoutes);
  await app.register(catalogueRoutes);
  await app.register(mediaRoutes);
  const throttle = new LoginThrottle(redis ? redisLimiters(redis) : memoryLimiters);
  const invitationLimits = new InvitationMailLimits(
    redis ? redisLimiters(redis, 'invitation') : memoryLimiters,
  );
  await app.register(authRoutes, {
    throttle,
    startSession: startSignedInSession,
    challenge: (personId, now) => signInChallenge(app.db, personId, now),
  });
  await app.register(accountRoutes, { throttle });
  await app.register(mfaRoutes, { throttle });
  await app.register(personRoutes);
  await app.register(privacyRoutes, { throttle });
  await app.register(ownSessionRoutes);
  await app.register(accessTokenRoutes);
  await app.register(projectRoutes);
  await app.register(memberRoutes, { limits: invitationLimits });
  await app.register(licenceRoutes);
  await app.register(licenceToolsRoutes);
  await app.register(webhookRoutes);
  await app.register(usageRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminServiceRoutes);
  await app.register(serviceApiRoutes);
  await app.register(mockRoutes);
  await app.register(auditRoutes);
  await app.register(personConsoleRoutes);
  await app.register(adminContentRoutes);
  await app.register(contactRoutes, { contactTo: config.contactTo });
  await app.register(mailRoutes);
  await app.register(billingProfileRoutes);
  await app.register(billingSettingsRoutes);

  await registerSpa(app, config.webDist);
  return app;
}
