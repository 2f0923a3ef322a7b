import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import {
  projectCreateSchema,
  projectListSchema,
  projectPatchSchema,
  projectSchema,
} from '@portal/contract/project';
import { validation } from '../../lib/http-error.js';
import { sendPersonalAnswer } from '../../lib/personal-answers.js';
import { currentUser } from '../auth/authenticate.js';
import { compileSerializer } from '../../plugins/response-serializer.js';
import { projectOf } from './project.service.js';
import { requireSelf } from '../person-record/require-self.js';
import {
  createProject,
  deleteProject,
  listProjectsOfPerson,
  patchProject,
  showProject,
} from './project.service.js';

const oidParams = z.object({ oid: idSchema });

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeProjectList = compileSerializer(projectListSchema);

  app.post(
    '/rest/collection/project',
    {
      config: { access: 'user', token: 'allowed' },
      schema: {
        tags: ['project'],
        summary: 'Create a project of the caller (projectOwner must be the caller)',
        body: projectCreateSchema,
        response: { 201: projectSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.projectOwner !== user.id) {
        throw validation({ projectOwner: 'invalid' });
      }
      return reply.code(201).send(await createProject(app.db, user, request.body, app.clock.now()));
    },
  );

  app.get(
    '/rest/collection/project/:oid',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'viewer', param: 'oid' } },
      schema: { tags: ['project'], params: oidParams, response: { 200: projectSchema } },
    },
    async (request) => {
      const project = await projectOf(request);
      return showProject(app.db, currentUser(request), project.id, app.clock.now());
    },
  );

  app.patch(
    '/rest/collection/project/:oid',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'editor', param: 'oid' } },
      schema: {
        tags: ['project'],
        params: oidParams,
        body: projectPatchSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      return patchProject(app.db, currentUser(request), await projectOf(request), request.body, app.clock.now());
    },
  );

  app.delete(
    '/rest/collection/project/:oid',
    {
      config: { access: 'user', token: 'allowed', role: { project: 'owner', param: 'oid' } },
      schema: {
        tags: ['project'],
        summary: 'Delete a project (its usage stays in the reports)',
        params: oidParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProject(app.db, await projectOf(request), app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/rest/collection/person/:oid/project',
    {
      config: { access: 'user', token: 'allowed' },
      schema: {
        tags: ['project'],
        summary: 'The projects the person owns or is a member of, with their role in each',
        params: oidParams,
        response: { 200: projectListSchema },
      },
      compress: false, // sendPersonal picks the answer's compressed form
    },
    (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return sendPersonalAnswer(request, reply, app.personalAnswers, async () => ({
        body: writeProjectList(await listProjectsOfPerson(app.db, user, app.clock.now())),
      }));
    },
  );
};
