import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licenceCheckResponseSchema,
  licenceCheckSchema,
  usageIngestResponseSchema,
  usageIngestSchema,
} from '@portal/contract/usage';
import { nowIso } from '../../lib/time.js';
import { checkUsageAlerts, licenceLinks } from '../licence-tools/usage-alert.service.js';
import { environmentOf } from './licence-check.js';
import { findLiveLicenceByKey, licenceIdsByKey, upsertUsage } from '../usage-record/usage.repository.js';

// What the provider's services read in the OpenAPI document (and docs/operations.md#usage-feed).
const INGEST_DESCRIPTION = `Send the absolute count of calls per licence key and day (UTC), as often as you like:
a resent batch changes nothing, and for one key and day the last item of a batch wins. At most 5000
items per call. Keys the portal does not know come back in \`unknownKeys\`; the others are stored.

Authorization: \`Bearer <token>\`, one of the comma-separated tokens of USAGE_INGEST_TOKEN (several, so a
token can be replaced without downtime).

\`\`\`sh
curl -X POST https://portal.example.com/rest/usage/ingest \\
  -H "Authorization: Bearer $USAGE_INGEST_TOKEN" -H 'Content-Type: application/json' \\
  -d '{"items":[{"licenceKey":"lk_3q2…","day":"2026-11-21","count":1234}]}'
# {"accepted":1,"unknownKeys":[]}
\`\`\``;

const LICENCE_CHECK_DESCRIPTION = `Tells a service whether a licence key may be used: it must belong to a live licence of a live
project and be switched on. With \`host\` (the host the call came from, from Origin or Referer), the host
must also be one of the project's production or sandbox domains; \`*.example.com\` entries match
subdomains. Unknown, deleted and switched-off keys all answer \`valid: false\`.

\`\`\`sh
curl -X POST https://portal.example.com/rest/usage/licence-check \\
  -H "Authorization: Bearer $USAGE_INGEST_TOKEN" -H 'Content-Type: application/json' \\
  -d '{"licenceKey":"lk_3q2…","host":"shop.example.com"}'
# {"valid":true,"serviceId":"captchaPro","environment":"production"}
\`\`\``;

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const licenceLink = licenceLinks(app.config);

  app.post(
    '/rest/usage/ingest',
    {
      config: { access: 'ingest' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['usage'],
        summary: "Provider's services report absolute daily counts per licence key (idempotent)",
        description: INGEST_DESCRIPTION,
        body: usageIngestSchema,
        response: { 200: usageIngestResponseSchema },
      },
    },
    async (request) => {
      const items = request.body.items;
      const now = app.clock.now();
      const ids = await licenceIdsByKey(app.db, [...new Set(items.map((i) => i.licenceKey))], nowIso(now));
      const rows = new Map<string, { licenceId: string; day: string; count: number }>();
      const unknown = new Set<string>();
      for (const item of items) {
        const licenceId = ids.get(item.licenceKey);
        if (!licenceId) unknown.add(item.licenceKey);
        else rows.set(`${licenceId}|${item.day}`, { licenceId, day: item.day, count: item.count }); // last one wins
      }
      await app.db.transaction().execute((trx) => upsertUsage(trx, [...rows.values()]));
      // After the commit, so the month's sum read includes this batch (docs/domain.md#usage-alerts).
      await checkUsageAlerts(app.db, [...rows.values()], now, licenceLink);
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
        description: LICENCE_CHECK_DESCRIPTION,
        body: licenceCheckSchema,
        response: { 200: licenceCheckResponseSchema },
      },
    },
    async (request) => {
      const licence = await findLiveLicenceByKey(app.db, request.body.licenceKey, nowIso(app.clock.now()));
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
