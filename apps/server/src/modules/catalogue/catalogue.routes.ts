import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { legalListSchema } from '@portal/contract/legal';
import { pricePackageListSchema } from '@portal/contract/price-package';
import { serviceListQuerySchema, serviceListSchema, serviceSchema } from '@portal/contract/service';
import { notFound } from '../../lib/http-error.js';
import { findService, listLegalPages, listPricePackages, listServiceImages, listServices } from './catalogue.repository.js';
import { toGalleryItem, toLegalItem, toPricePackage, toService, toServiceSummary } from './catalogue.mapper.js';

const publicCache = 'public, max-age=60';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/service',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'All services; orderby=name sorts by the name in the request language',
        querystring: serviceListQuerySchema,
        response: { 200: serviceListSchema },
      },
    },
    async (request, reply) => {
      const services = (await listServices(app.db)).map(toServiceSummary);
      if (request.query.orderby === 'name') {
        const collator = new Intl.Collator(request.language);
        services.sort((a, b) => collator.compare(a.name[request.language] || a.name.de, b.name[request.language] || b.name.de));
      }
      reply.header('cache-control', publicCache).header('vary', 'content-language, accept-language');
      return services;
    },
  );

  app.get(
    '/rest/collection/service/:oid',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'One service with its gallery',
        params: z.object({ oid: idSchema }),
        response: { 200: serviceSchema },
      },
    },
    async (request, reply) => {
      const row = await findService(app.db, request.params.oid);
      if (!row) throw notFound();
      const gallery = (await listServiceImages(app.db, row.id)).map(toGalleryItem);
      reply.header('cache-control', publicCache);
      return toService(row, gallery);
    },
  );

  app.get(
    '/rest/collection/price_package',
    {
      config: { access: 'public' },
      schema: { tags: ['catalogue'], summary: 'Price packages', response: { 200: pricePackageListSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCache);
      return (await listPricePackages(app.db)).map(toPricePackage);
    },
  );

  app.get(
    '/rest/collection/rechtliches',
    {
      config: { access: 'public' },
      schema: { tags: ['catalogue'], summary: 'Legal pages', response: { 200: legalListSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCache);
      return (await listLegalPages(app.db)).map(toLegalItem);
    },
  );
};
