import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filterCatalogue } from '@portal/contract/catalogue-search';
import { idSchema } from '@portal/contract/common';
import { legalListSchema } from '@portal/contract/legal';
import { pricePackageListSchema } from '@portal/contract/price-package';
import { serviceListQuerySchema, serviceListSchema, serviceSchema } from '@portal/contract/service';
import { AnswerCache } from '../../lib/answer-cache.js';
import { sendFromCache } from '../../lib/send-cached.js';
import { compileSerializer } from '../../plugins/response-serializer.js';
import { CATALOGUE_TOPIC } from './catalogue-changes.js';
import { legalPages, pricePackages, serviceSummaries, serviceWithGallery } from './catalogue.service.js';

// Browsers and proxies revalidate every time with the ETag (a 304 without a body while nothing
// changed), so an admin's change reaches the next page a visitor opens (docs/admin.md#content).
const publicCache = { cacheControl: 'public, no-cache' };
/** The list's order follows the request's language. */
const listCache = { ...publicCache, vary: 'content-language, accept-language' };
/** Backstop for catalogue edits made outside every instance's change feed (see AnswerCache). */
const MAX_AGE_MS = 60_000;

// The catalogue changes a few times a year: its answers are built once per language and kept
// as finished (and compressed) bytes until catalogueChanged() drops them on every instance.
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new AnswerCache(app.changes, CATALOGUE_TOPIC, MAX_AGE_MS);
  const writeServiceList = compileSerializer(serviceListSchema);
  const writeService = compileSerializer(serviceSchema);
  const writePricePackages = compileSerializer(pricePackageListSchema);
  const writeLegalPages = compileSerializer(legalListSchema);

  app.get(
    '/rest/collection/service',
    {
      config: { access: 'public' },
      compress: false, // sendCached picks the answer's precompressed form
      schema: {
        tags: ['catalogue'],
        summary:
          'All services; orderby=name sorts by the name in the request language; q finds words in name or short description (either language, case and umlauts ignored), category keeps one category',
        querystring: serviceListQuerySchema,
        response: { 200: serviceListSchema },
      },
    },
    (request, reply) => {
      const sortLanguage = request.query.orderby === 'name' ? request.language : undefined;
      const { q, category } = request.query;
      if (q || category) {
        // Searches are not kept: their number is unbounded, and the catalogue is one small query.
        return serviceSummaries(app.db, sortLanguage).then((services) => {
          void reply.header('cache-control', 'public, no-cache').header('vary', listCache.vary);
          return filterCatalogue(services, { q, category });
        });
      }
      const build = async () => writeServiceList(await serviceSummaries(app.db, sortLanguage));
      return sendFromCache(request, reply, cache, `services:${sortLanguage ?? ''}`, build, listCache);
    },
  );

  app.get(
    '/rest/collection/service/:oid',
    {
      config: { access: 'public' },
      compress: false, // sendCached picks the answer's precompressed form
      schema: {
        tags: ['catalogue'],
        summary: 'One service with its gallery',
        params: z.object({ oid: idSchema }),
        response: { 200: serviceSchema },
      },
    },
    (request, reply) => {
      const build = async () => {
        const service = await serviceWithGallery(app.db, request.params.oid);
        return service && writeService(service);
      };
      return sendFromCache(request, reply, cache, `service:${request.params.oid}`, build, publicCache);
    },
  );

  app.get(
    '/rest/collection/price_package',
    {
      config: { access: 'public' },
      compress: false, // sendCached picks the answer's precompressed form
      schema: { tags: ['catalogue'], summary: 'Price packages', response: { 200: pricePackageListSchema } },
    },
    (request, reply) => {
      const build = async () => writePricePackages(await pricePackages(app.db));
      return sendFromCache(request, reply, cache, 'price_package', build, publicCache);
    },
  );

  app.get(
    '/rest/collection/rechtliches',
    {
      config: { access: 'public' },
      compress: false, // sendCached picks the answer's precompressed form
      schema: { tags: ['catalogue'], summary: 'Legal pages', response: { 200: legalListSchema } },
    },
    (request, reply) => {
      const build = async () => writeLegalPages(await legalPages(app.db));
      return sendFromCache(request, reply, cache, 'rechtliches', build, publicCache);
    },
  );
};
