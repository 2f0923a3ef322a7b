import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { licencePatchSchema, licenceQuerySchema, licenceSchema } from '@portal/contract/licence';
import { addDays, isoDay, resolvePeriod } from '../../lib/period.js';
import { currentUser } from '../../plugins/authenticate.js';
import { getLicence, patchLicence } from './licence.service.js';

const security = [{ bearer: [] }];
const idParams = z.object({ id: idSchema });

/** Default chart period: the last 90 days up to today. */
function last90Days() {
  const today = isoDay(new Date());
  return { from: addDays(today, -89), to: today };
}

export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/service_licence/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['licence'],
        summary: 'A licence with usage per day (last 90 days, or from/to), code and settings',
        security,
        params: idParams,
        querystring: licenceQuerySchema,
        response: { 200: licenceSchema },
      },
    },
    async (request) => {
      const period = resolvePeriod(request.query, last90Days(), 731);
      return getLicence(app.db, currentUser(request), request.params.id, period);
    },
  );

  app.patch(
    '/rest/collection/service_licence/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['licence'],
        summary: 'Switch online/offline, or save the settings form (values: JSON object as string)',
        security,
        params: idParams,
        body: licencePatchSchema,
        response: { 200: licenceSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await patchLicence(app.db, user, request.params.id, request.body);
      return getLicence(app.db, user, request.params.id, last90Days());
    },
  );
};
