import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licenceCheckResponseSchema,
  licenceCheckSchema,
  usageIngestResponseSchema,
  usageIngestSchema,
} from '@portal/contract/usage';
import { environmentOf } from './licence-check.js';
import { findLiveLicenceByKey, licenceIdsByKey, upsertUsage } from './usage.repository.js';

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

  app.post(
    '/rest/usage/licence-check',
    {
      config: { access: 'ingest' },
      schema: {
        tags: ['usage'],
        summary: "Provider's services check a licence key (live, online, and for which of the project's domains)",
        security: [{ bearer: [] }],
        body: licenceCheckSchema,
        response: { 200: licenceCheckResponseSchema },
      },
    },
    async (request) => {
      const licence = await findLiveLicenceByKey(app.db, request.body.licenceKey);
      // Unknown, deleted and switched-off licences all answer "not valid" alike.
      if (!licence || licence.online !== 1) return { valid: false, serviceId: null, environment: null };
      const environment = environmentOf(request.body.host, {
        production: JSON.parse(licence.domainsProduction) as string[],
        sandbox: JSON.parse(licence.domainsSandbox) as string[],
      });
      // With a host given, it must be one of the project's domains.
      const valid = request.body.host === undefined || environment !== null;
      return { valid, serviceId: licence.serviceId, environment };
    },
  );
};
