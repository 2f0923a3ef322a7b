import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { projectCreateSchema, projectPatchSchema, projectSchema } from '@portal/contract/project';
import { validation } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/authenticate.js';
import { addLicence, removeLicence } from '../licence/licence.service.js';
import { createProject, deleteProject, getOwnProject, patchProject } from './project.service.js';

const security = [{ bearer: [] }];
const oidParams = z.object({ oid: idSchema });

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/rest/collection/project',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        summary: 'Create a project of the caller (projectOwner must be the caller)',
        security,
        body: projectCreateSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.projectOwner !== user.id) {
        throw validation({ projectOwner: 'invalid' });
      }
      return reply.code(201).send(await createProject(app.db, user, request.body));
    },
  );

  app.get(
    '/rest/collection/project/:oid',
    {
      config: { access: 'user' },
      schema: { tags: ['project'], security, params: oidParams, response: { 200: projectSchema } },
    },
    async (request) => getOwnProject(app.db, currentUser(request), request.params.oid),
  );

  app.patch(
    '/rest/collection/project/:oid',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        security,
        params: oidParams,
        body: projectPatchSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => patchProject(app.db, currentUser(request), request.params.oid, request.body),
  );

  app.delete(
    '/rest/collection/project/:oid',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        summary: 'Delete a project (its usage stays in the reports)',
        security,
        params: oidParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProject(app.db, currentUser(request), request.params.oid);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/rest/collection/project/:projectId/service_licence/:serviceId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['licence'],
        summary: 'Add a service to the project; answers the project',
        security,
        params: z.object({ projectId: idSchema, serviceId: idSchema }),
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await addLicence(app.db, user, request.params.projectId, request.params.serviceId);
      return reply.code(201).send(await getOwnProject(app.db, user, request.params.projectId));
    },
  );

  app.delete(
    '/rest/collection/project/:projectId/service_licence/:licenceId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['licence'],
        summary: 'Remove a licence from the project (its usage stays in the reports)',
        security,
        params: z.object({ projectId: idSchema, licenceId: idSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeLicence(app.db, currentUser(request), request.params.projectId, request.params.licenceId);
      return reply.code(204).send(null);
    },
  );
};
