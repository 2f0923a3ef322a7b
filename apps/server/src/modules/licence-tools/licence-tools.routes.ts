import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import {
  LICENCE_LIMITS,
  licenceKeyRotationSchema,
  licenceUsageSchema,
  projectUsageSchema,
  usageExportQuerySchema,
} from '@portal/contract/licence';
import { projectCostsQuerySchema, projectCostsSchema } from '@portal/contract/project-costs';
import { sendCsv, wantsCsv } from '../../lib/csv-reply.js';
import { currentMonth, last90Days, resolvePeriod } from '../../lib/period.js';
import { licenceOf } from '../licence/licence.service.js';
import { projectOf } from '../project/project.service.js';
import {
  licenceUsage,
  licenceUsageCsv,
  projectCosts,
  projectUsage,
  projectUsageCsv,
  rotateLicenceKey,
} from './licence-tools.service.js';

const idParams = z.object({ id: idSchema });

export const licenceToolsRoutes: FastifyPluginAsyncZod = async (app) => {

  app.post(
    '/rest/collection/service_licence/:id/key',
    {
      config: { access: 'user', token: 'allowed', role: { licence: 'editor', param: 'id' } },
      schema: {
        tags: ['licence'],
        summary: 'Issue a new licence key; the replaced key keeps working for 24 hours (previousKeyValidUntil)',
        params: idParams,
        response: { 200: licenceKeyRotationSchema },
      },
    },
    async (request) => {
      const licence = await licenceOf(request);
      return rotateLicenceKey(app.db, licence.licenceId, app.clock.now());
    },
  );

  app.get(
    '/rest/collection/service_licence/:id/usage',
    {
      config: { access: 'user', token: 'allowed', role: { licence: 'viewer', param: 'id' } },
      schema: {
        tags: ['licence'],
        summary: 'Calls per day of the period (default: the last 90 days); CSV with Accept: text/csv or format=csv',
        params: idParams,
        querystring: usageExportQuerySchema,
        response: { 200: licenceUsageSchema },
      },
    },
    async (request, reply) => {
      const licence = await licenceOf(request);
      const period = resolvePeriod(request.query, last90Days(app.clock.now()), LICENCE_LIMITS.usageDays);
      const rows = await licenceUsage(app.db, licence.licenceId, period);
      if (!wantsCsv(request)) return rows;
      return sendCsv(reply, `usage-${licence.licenceId}-${period.from}-${period.to}.csv`, licenceUsageCsv(rows));
    },
  );

  app.get(
    '/rest/collection/project/:id/usage',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'viewer', param: 'id' } },
      schema: {
        tags: ['project'],
        summary:
          "Calls per licence and day of the project's licences (default: this month); CSV with Accept: text/csv or format=csv",
        params: idParams,
        querystring: usageExportQuerySchema,
        response: { 200: projectUsageSchema },
      },
    },
    async (request, reply) => {
      const project = await projectOf(request);
      const period = resolvePeriod(request.query, currentMonth(app.clock.now()), LICENCE_LIMITS.usageDays);
      const rows = await projectUsage(app.db, project.id, period, request.language);
      if (!wantsCsv(request)) return rows;
      return sendCsv(reply, `usage-${project.id}-${period.from}-${period.to}.csv`, projectUsageCsv(rows));
    },
  );

  app.get(
    '/rest/collection/project/:id/costs',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'viewer', param: 'id' } },
      schema: {
        tags: ['project'],
        summary: "The project's costs per licence for a period (default: this month), as the admin report computes them",
        params: idParams,
        querystring: projectCostsQuerySchema,
        response: { 200: projectCostsSchema },
      },
    },
    async (request) => {
      const project = await projectOf(request);
      // Periods as long as the admin report's.
      const period = resolvePeriod(request.query, currentMonth(app.clock.now()));
      return projectCosts(app.db, project.id, period);
    },
  );
};
