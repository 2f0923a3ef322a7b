import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { licencePatchSchema, licenceQuerySchema, licenceSchema } from '@portal/contract/licence';
import { projectSchema } from '@portal/contract/project';
import { last90Days, resolvePeriod } from '../../lib/period.js';
import { sendPersonalAnswer } from '../../lib/personal-answers.js';
import { currentUser } from '../auth/authenticate.js';
import { compileSerializer } from '../../plugins/response-serializer.js';
import { projectOf } from '../project/project.service.js';
import { showProject } from '../project/project.service.js';
import { addLicence, licenceOf, patchLicence, removeLicence, showLicence } from './licence.service.js';

const idParams = z.object({ id: idSchema });

export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLicence = compileSerializer(licenceSchema);

  app.get(
    '/rest/collection/service_licence/:id',
    {
      config: { access: 'user', token: 'allowed', role: { licence: 'viewer', param: 'id' } },
      schema: {
        tags: ['licence'],
        summary: 'A licence with usage per day (last 90 days, or from/to), code and settings',
        params: idParams,
        querystring: licenceQuerySchema,
        response: { 200: licenceSchema },
      },
      compress: false, // sendPersonal picks the answer's compressed form
    },
    (request, reply) =>
      sendPersonalAnswer(request, reply, app.personalAnswers, async () => {
        const period = resolvePeriod(request.query, last90Days(app.clock.now()), 731);
        const licence = await licenceOf(request);
        const shown = await showLicence(app.db, licence, period, app.clock.now());
        // The replaced key's line goes when its grace period ends.
        return { body: writeLicence(shown), validUntil: shown.previousKeyValidUntil ?? undefined };
      }),
  );

  app.patch(
    '/rest/collection/service_licence/:id',
    {
      config: { access: 'user', token: 'allowed', role: { licence: 'editor', param: 'id' } },
      schema: {
        tags: ['licence'],
        summary: 'Switch online/offline, or save the settings form (values: JSON object as string)',
        params: idParams,
        body: licencePatchSchema,
        response: { 200: licenceSchema },
      },
    },
    async (request) => {
      const licence = await licenceOf(request);
      const now = app.clock.now();
      return showLicence(app.db, await patchLicence(app.db, licence, request.body, now), last90Days(now), now);
    },
  );

  app.put(
    '/rest/collection/project/:projectId/service_licence/:serviceId',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'editor', param: 'projectId' } },
      schema: {
        tags: ['licence'],
        summary: 'Add a service to the project; answers the project',
        params: z.object({ projectId: idSchema, serviceId: idSchema }),
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const project = await projectOf(request);
      await addLicence(app.db, project, request.params.serviceId, app.clock.now());
      return reply.code(201).send(await showProject(app.db, currentUser(request), project.id, app.clock.now()));
    },
  );

  app.delete(
    '/rest/collection/project/:projectId/service_licence/:licenceId',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'editor', param: 'projectId' } },
      schema: {
        tags: ['licence'],
        summary: 'Remove a licence from the project (its usage stays in the reports)',
        params: z.object({ projectId: idSchema, licenceId: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeLicence(app.db, await projectOf(request), request.params.licenceId, app.clock.now());
      return reply.code(204).send(null);
    },
  );
};
