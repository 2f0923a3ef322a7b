import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translationListSchema, translationQuerySchema } from '@portal/contract/translation';
import { listTranslations } from './translation.repository.js';

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/translation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Texts of the given namespaces in both languages',
        querystring: translationQuerySchema,
        response: { 200: translationListSchema },
      },
    },
    async (request, reply) => {
      const rows = await listTranslations(app.db, request.query.namespace);
      // Texts change only with a deploy or a seed; a short shared cache spares the database.
      reply.header('cache-control', 'public, max-age=60');
      return rows.map((row) => ({ key: `${row.namespace}.${row.id}`, ...row }));
    },
  );
};
