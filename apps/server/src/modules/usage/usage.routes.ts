import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageIngestResponseSchema, usageIngestSchema } from '@portal/contract/usage';
import { fieldMessage } from '../../lib/error-messages.js';
import { validation } from '../../lib/http-error.js';
import { isRealDay } from '../../lib/period.js';
import { licenceIdsByKey, upsertUsage } from './usage.repository.js';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/rest/usage/ingest',
    {
      config: { access: 'ingest' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['usage'],
        summary: "Provider's services report absolute daily counts per licence key (idempotent)",
        security: [{ bearer: [] }],
        body: usageIngestSchema,
        response: { 200: usageIngestResponseSchema },
      },
    },
    async (request) => {
      const items = request.body.items;
      const badDays = items.filter((i) => !isRealDay(i.day));
      if (badDays.length > 0) throw validation({ day: fieldMessage('invalid', request.language) });
      const ids = await licenceIdsByKey(app.db, [...new Set(items.map((i) => i.licenceKey))]);
      const rows = new Map<string, { licenceId: string; day: string; count: number }>();
      const unknown = new Set<string>();
      for (const item of items) {
        const licenceId = ids.get(item.licenceKey);
        if (!licenceId) unknown.add(item.licenceKey);
        else rows.set(`${licenceId}|${item.day}`, { licenceId, day: item.day, count: item.count }); // last one wins
      }
      await app.db.transaction().execute((trx) => upsertUsage(trx, [...rows.values()]));
      return { accepted: rows.size, unknownKeys: [...unknown] };
    },
  );
};
