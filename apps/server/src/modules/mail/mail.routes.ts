import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutboxListSchema, mailOutboxQuerySchema } from '@portal/contract/mail';
import { outboxList } from './outbox.service.js';

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/admin/mail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The mail outbox, newest first: every mail the portal sent or will send, with its state',
        description:
          'A mail is queued in the same transaction as its cause and sent by a worker on every instance. ' +
          'A failed attempt is retried with growing pauses (30 s, 1 min, 2 min, … at most 1 h); after ten ' +
          'attempts the mail is marked failed and keeps the last error.',
        querystring: mailOutboxQuerySchema,
        response: { 200: mailOutboxListSchema },
      },
    },
    async (request) => ({ items: await outboxList(app.db, request.query) }),
  );
};
