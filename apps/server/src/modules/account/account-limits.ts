import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

// Each account route is limited twice: per client address (the route's config.rateLimit, counted
// before the body is read) and per e-mail address or link token (counted here, once the body is
// valid), so neither one client nor many clients can flood one mailbox or hammer one link.
// @fastify/rate-limit runs one limit per route; the second one comes from createRateLimit,
// on the same store (Redis when REDIS_URL is set).

interface Limit {
  max: number;
  timeWindow: string;
}

const QUARTER = '15 minutes';
const HOUR = '1 hour';

export const ACCOUNT_LIMITS = {
  signup: { perAddress: { max: 10, timeWindow: HOUR }, perSubject: { max: 3, timeWindow: HOUR } },
  resend: { perAddress: { max: 10, timeWindow: QUARTER }, perSubject: { max: 3, timeWindow: HOUR } },
  forgot: { perAddress: { max: 10, timeWindow: QUARTER }, perSubject: { max: 3, timeWindow: HOUR } },
  // A confirmation link ends after its own few wrong passwords (VERIFY_LIMITS in the contract);
  // the per-link count here stays above that, so a person typing meets the link's own bound.
  verify: { perAddress: { max: 20, timeWindow: QUARTER }, perSubject: { max: 10, timeWindow: QUARTER } },
  reset: { perAddress: { max: 20, timeWindow: QUARTER }, perSubject: { max: 5, timeWindow: QUARTER } },
} as const satisfies Record<string, { perAddress: Limit; perSubject: Limit }>;

/**
 * A preHandler that counts the request under `name` and the subject the body names (an e-mail
 * address or a token) and refuses with 429 and Retry-After past the limit.
 */
export function limitPerSubject(
  app: FastifyInstance,
  name: keyof typeof ACCOUNT_LIMITS,
  subject: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  const count = app.createRateLimit({
    ...ACCOUNT_LIMITS[name].perSubject,
    keyGenerator: (request) => `account:${name}:${subject(request)}`,
  });
  return async (request) => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, 'rateLimited', undefined, {
        'retry-after': String(Math.max(1, result.ttlInSeconds)),
      });
    }
  };
}
