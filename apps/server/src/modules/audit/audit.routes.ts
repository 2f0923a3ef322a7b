import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@portal/contract/admin-audit';
import { listAudit } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin writes, newest first (paged; filter by days, actor id, object type)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
