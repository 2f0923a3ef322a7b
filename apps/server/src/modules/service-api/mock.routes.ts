import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { OpenApiDocument } from '@portal/contract/service-api';
import { idSchema } from '@portal/contract/common';
import { HttpError, notFound } from '../../lib/http-error.js';
import { requestLanguage } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue-changes.js';
import { findLiveLicenceByKey } from '../usage-record/usage.repository.js';
import { keyOf, MockApi, type MockRequest } from './mock-api.js';
import { mockProblems } from './mock-problems.js';
import { findPublishedApi } from './service-api.repository.js';

// The example answers (docs/domain.md#example-answers): every operation of a service's published
// document answered from its examples under /rest/mock/{serviceId}/…, for the reference's try-it
// panel and for developers' first steps. A request needs a key, where the document's security
// scheme says: the key of a live, switched-on licence of that service, or the service's demo
// key shown on the reference. It is limited per client address and per key, never counted as
// usage, and the portal forwards nothing anywhere: it answers from the document alone.

/** Services whose document is kept ready (parsed, with compiled validators per operation). */
const MAX_KEPT = 100;
/** Request bodies of example answers are small by nature. */
const MOCK_BODY_LIMIT = 64 * 1024;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface Published {
  demoKey: string;
  api: MockApi;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of (header ?? '').split(';').slice(0, 50)) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

export const mockRoutes: FastifyPluginAsync = async (app) => {
  // Least recently used first in the Map's order; dropped whole when the catalogue changes.
  const kept = new Map<string, Published | null>();
  app.changes.subscribe(CATALOGUE_TOPIC, () => kept.clear());

  async function published(serviceId: string): Promise<Published | null> {
    const hit = app.changes.live ? kept.get(serviceId) : undefined;
    if (hit !== undefined) {
      kept.delete(serviceId);
      kept.set(serviceId, hit);
      return hit;
    }
    const row = await findPublishedApi(app.db, serviceId);
    const value =
      row?.publishedAt && row.demoKey
        ? { demoKey: row.demoKey, api: new MockApi(JSON.parse(row.documentDe) as OpenApiDocument) }
        : null;
    if (app.changes.live) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(serviceId, value);
    }
    return value;
  }

  const perKey = app.createRateLimit({
    max: app.config.mockRateLimit * 5,
    timeWindow: '1 minute',
    keyGenerator: (request) => `mock:key:${(request as FastifyRequest & { mockKey?: string }).mockKey ?? ''}`,
  });

  /** Whether `key` opens the example answers of `serviceId`. */
  async function keyAccepted(serviceId: string, key: string, demoKey: string): Promise<boolean> {
    if (key === demoKey) return true;
    if (!key.startsWith('lk_') || key.length > 100) return false;
    const licence = await findLiveLicenceByKey(app.db, key, nowIso(app.clock.now()));
    return licence?.serviceId === serviceId && licence.online === 1;
  }

  app.route({
    method: [...METHODS],
    url: '/rest/mock/:serviceId/*',
    bodyLimit: MOCK_BODY_LIMIT,
    // Anyone may call; the key is checked below, as the provider's real API would.
    config: {
      access: 'public',
      rateLimit: {
        max: app.config.mockRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request) => `mock:address:${request.ip}`,
      },
    },
    schema: {
      tags: ['example answers'],
      summary:
        "Example answers of a service's published API reference: the document's paths below this one, with a licence key of that service or its demo key where the document's security scheme says",
    },
    handler: async (request, reply) => {
      const params = request.params as { serviceId: string; '*': string };
      const id = idSchema.safeParse(params.serviceId);
      const api = id.success ? await published(id.data) : null;
      if (!id.success || !api) throw notFound();
      const query = (request.query ?? {}) as Record<string, unknown>;
      const mock: MockRequest = {
        method: request.method,
        path: `/${params['*']}`,
        query,
        headers: request.headers,
        cookies: cookiesOf(request.headers.cookie),
        body: request.body,
        contentType: request.headers['content-type'],
      };
      const language = requestLanguage(request.headers);
      const say = mockProblems(language);
      const locations = api.api.keyLocations(mock.method, mock.path);
      const key = keyOf(mock, locations);
      if (!key) {
        throw new HttpError(401, 'unauthorized', undefined, undefined, [say.keyRequired(locations)]);
      }
      (request as FastifyRequest & { mockKey?: string }).mockKey = key;
      const limit = await perKey(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new HttpError(429, 'rateLimited', undefined, {
          'retry-after': String(Math.max(1, limit.ttlInSeconds)),
        });
      }
      if (!(await keyAccepted(id.data, key, api.demoKey))) {
        throw new HttpError(401, 'unauthorized', undefined, undefined, [say.keyRefused()]);
      }
      const outcome = api.api.respond(mock, language);
      if (outcome.kind === 'noPath') throw notFound();
      if (outcome.kind === 'noMethod') {
        throw new HttpError(405, 'badRequest', undefined, { allow: outcome.allow.join(', ') }, [
          say.methodNotAllowed(mock.method, mock.path, outcome.allow),
        ]);
      }
      if (outcome.kind === 'invalid')
        throw new HttpError(400, 'validation', outcome.fields, undefined, outcome.problems);
      void reply.code(outcome.status).header('x-example-answer', 'true');
      if (outcome.body === undefined || request.method === 'HEAD') return reply.send();
      return reply
        .type(outcome.contentType ?? 'application/json')
        .serializer((payload: unknown) => payload as string)
        .send(outcome.body);
    },
  });
};
