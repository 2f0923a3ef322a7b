import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import {
  API_DOCUMENT_LIMITS,
  apiCompareQuerySchema,
  apiComparisonSchema,
  apiVersionCreateSchema,
  apiVersionListSchema,
  apiVersionParamsSchema,
  apiVersionSchema,
  apiVersionSourceSchema,
} from '@portal/contract/service-api';
import { AnswerCache } from '../../lib/answer-cache.js';
import { sendFromCache } from '../../lib/send-cached.js';
import { currentUser } from '../auth/authenticate.js';
import { auditActorOf } from '../audit/audit.service.js';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue-changes.js';
import {
  compareVersions,
  createVersion,
  listVersions,
  publishedConnectSources,
  publishedReferenceJson,
  publishVersion,
  versionSource,
} from './service-api.service.js';

const params = z.object({ id: idSchema });
/**
 * Two documents of at most 2 MB each, as JSON strings (quotes and line breaks are escaped, so a
 * document's text can nearly double), and the notes.
 */
const VERSION_BODY_LIMIT = 4 * API_DOCUMENT_LIMITS.documentBytes + 256 * 1024;
/** As the catalogue's answers: revalidated with the ETag on every use. */
const publicCache = { cacheControl: 'public, no-cache', vary: 'content-language, accept-language' };
const MAX_AGE_MS = 60_000;

// The API reference (docs/domain.md#api-reference): versions kept and published in the admin
// console (admins only, every write audited), the published one read by anyone.
export const serviceApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new AnswerCache(app.changes, CATALOGUE_TOPIC, MAX_AGE_MS);
  // The pages' Content Security Policy lets the try-it panels reach the published servers: read
  // now and whenever the catalogue changes, on every instance (docs/security.md#headers).
  const refreshConnectSources = async () => {
    try {
      app.setPageConnectSources(await publishedConnectSources(app.db));
    } catch (error) {
      app.log.warn({ err: error }, 'API reference servers could not be read; pages keep the sources they had');
    }
  };
  await refreshConnectSources();
  app.changes.subscribe(CATALOGUE_TOPIC, () => void refreshConnectSources());
  const actorOf = (request: Parameters<typeof auditActorOf>[0]) => {
    currentUser(request);
    return auditActorOf(request);
  };

  app.get(
    '/rest/collection/service/:oid/api',
    {
      config: { access: 'public' },
      compress: false, // sendFromCache picks the answer's precompressed form
      schema: {
        tags: ['catalogue'],
        summary:
          'The published API reference: the OpenAPI document in the request language (internal $refs replaced), version, release notes, demo key of the example answers; 404 when none is published',
        params: z.object({ oid: idSchema }),
      },
    },
    (request, reply) =>
      sendFromCache(
        request,
        reply,
        cache,
        `api:${request.params.oid}:${request.language}`,
        () => publishedReferenceJson(app.db, request.params.oid, request.language),
        publicCache,
      ),
  );

  app.get(
    '/rest/collection/admin/service/:id/api',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The API reference versions of a service, newest first, and which one is published',
        params,
        response: { 200: apiVersionListSchema },
      },
    },
    async (request) => listVersions(app.db, request.params.id),
  );

  app.post(
    '/rest/collection/admin/service/:id/api',
    {
      config: {
        access: 'admin',
        // Per admin: reading a document costs seconds of a thread (openapi-reader.ts).
        rateLimit: { max: 30, timeWindow: '10 minutes', keyGenerator: (request) => `api-store:${request.user?.id ?? request.ip}` },
      },
      bodyLimit: VERSION_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary:
          'Store a new version (JSON: document, documentEn?, version, notes { de, en }); OpenAPI 3.0/3.1 as JSON or YAML text, at most 2 MB, every $ref inside the document. Not yet published',
        params,
        body: apiVersionCreateSchema,
        response: { 201: apiVersionSchema },
      },
    },
    async (request, reply) => {
      const version = await createVersion(
        app.db,
        actorOf(request),
        app.clock.now(),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(version);
    },
  );

  app.post(
    '/rest/collection/admin/service/:id/api/:versionId/publish',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Publish a version (also an older one again): visitors see it at once',
        params: apiVersionParamsSchema,
        response: { 200: apiVersionListSchema },
      },
    },
    async (request) =>
      publishVersion(
        app.db,
        app.changes,
        actorOf(request),
        app.clock.now(),
        request.params.id,
        request.params.versionId,
      ),
  );

  app.get(
    '/rest/collection/admin/service/:id/api/:versionId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A version's documents as they were uploaded",
        params: apiVersionParamsSchema,
        response: { 200: apiVersionSourceSchema },
      },
    },
    async (request) => versionSource(app.db, request.params.id, request.params.versionId),
  );

  app.get(
    '/rest/collection/admin/service/:id/api/:versionId/compare',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Which operations this version added, removed or changed against the version `with`',
        params: apiVersionParamsSchema,
        querystring: apiCompareQuerySchema,
        response: { 200: apiComparisonSchema },
      },
    },
    async (request) =>
      compareVersions(app.db, request.params.id, request.params.versionId, request.query.with),
  );
};
