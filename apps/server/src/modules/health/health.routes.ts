import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. Says nothing about the database on purpose, so an
  // orchestrator does not restart healthy processes while the database is down.
  app.get(
    '/rest/health',
    // Answers even while the server refuses other requests under pressure.
    { config: { access: 'public', answersUnderPressure: true }, schema: { tags: ['ops'], response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: not under pressure and the database answers; a load balancer sends traffic only
  // while this is 200.
  app.get(
    '/rest/ready',
    { config: { access: 'public' }, schema: { tags: ['ops'], response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      if (app.isUnderPressure()) return reply.code(503).send({ status: 'unavailable' as const });
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
