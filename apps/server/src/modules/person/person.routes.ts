import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { passwordChangeSchema, personPatchSchema, personSchema } from '@portal/contract/person';
import { projectListSchema } from '@portal/contract/project';
import { currentUser } from '../../plugins/authenticate.js';
import { HttpError, notFound, validation } from '../../lib/http-error.js';
import type { FieldProblem } from '../../lib/error-messages.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/time.js';
import { endOtherSessions } from '../auth/session.service.js';
import { listProjectsOfOwner } from '../project/project.service.js';
import { normaliseAvatar } from './avatar.service.js';
import { toPerson } from './person.mapper.js';
import { findAvatar, findPerson, saveAvatar, updatePerson } from './person.repository.js';
import type { PersonUpdate } from '../../db/database.js';

const oidParams = z.object({ oid: idSchema });
const security = [{ bearer: [] }];

export const personRoutes: FastifyPluginAsyncZod = async (app) => {
  /** People see and change only themselves; anyone else's id is simply not found. */
  const ownId = (requestOid: string, userId: string): void => {
    if (requestOid !== userId) throw notFound();
  };

  app.get(
    '/rest/collection/person/:oid',
    {
      config: { access: 'user' },
      schema: { tags: ['person'], security, params: oidParams, response: { 200: personSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      ownId(request.params.oid, user.id);
      return toPerson(user);
    },
  );

  app.patch(
    '/rest/collection/person/:oid',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'Change own data (changed fields only; e-mail and id cannot change)',
        security,
        params: oidParams,
        body: personPatchSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      ownId(request.params.oid, user.id);
      const { email, id, salutation, ...rest } = request.body;
      const fields: Record<string, FieldProblem> = {};
      if (email !== undefined && email.trim().toLowerCase() !== user.email) fields.email = 'invalid';
      if (id !== undefined && id !== user.id) fields.id = 'invalid';
      if (Object.keys(fields).length > 0) throw validation(fields);
      const changes: PersonUpdate = { ...rest, updatedAt: nowIso() };
      if (salutation !== undefined) changes.salutation = salutation === '' ? null : salutation;
      await updatePerson(app.db, user.id, changes);
      const updated = await findPerson(app.db, user.id);
      if (!updated) throw notFound();
      return toPerson(updated);
    },
  );

  app.patch(
    '/rest/collection/person/:oid/password',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['person'],
        summary: 'Change own password; ends all other sessions',
        security,
        params: oidParams,
        body: passwordChangeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      ownId(request.params.oid, user.id);
      if (request.body.oid !== undefined && request.body.oid !== user.id) throw notFound();
      if (!(await verifyPassword(user.passwordHash, request.body.passwordActual))) {
        throw new HttpError(400, 'pwWrong', { passwordActual: 'invalid' });
      }
      await updatePerson(app.db, user.id, { passwordHash: await hashPassword(request.body.password), updatedAt: nowIso() });
      if (request.sessionId) await endOtherSessions(app.db, user.id, request.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rest/collection/person/:oid/avatar',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['person'],
        summary: 'Upload own avatar (multipart field "avatar"; PNG, JPEG or WebP up to 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        params: oidParams,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      ownId(request.params.oid, user.id);
      if (!request.isMultipart()) throw new HttpError(415, 'unsupportedMediaType');
      const file = await request.file();
      if (!file || file.fieldname !== 'avatar') throw validation({ avatar: 'required' });
      const input = await file.toBuffer(); // throws 413 past the multipart fileSize limit
      const webp = await normaliseAvatar(input);
      await saveAvatar(app.db, user.id, webp, nowIso());
      const updated = await findPerson(app.db, user.id);
      if (!updated) throw notFound();
      return toPerson(updated);
    },
  );

  app.get(
    '/rest/collection/person/:oid/avatar',
    {
      config: { access: 'user' },
      schema: { tags: ['person'], summary: 'Own avatar as WebP', security, params: oidParams },
    },
    async (request, reply) => {
      const user = currentUser(request);
      ownId(request.params.oid, user.id);
      const avatar = await findAvatar(app.db, user.id);
      if (!avatar?.avatarWebp) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(avatar.avatarWebp);
    },
  );

  app.get(
    '/rest/collection/person/:oid/project',
    {
      config: { access: 'user' },
      schema: {
        tags: ['project'],
        summary: "The person's own projects",
        security,
        params: oidParams,
        response: { 200: projectListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      ownId(request.params.oid, user.id);
      return listProjectsOfOwner(app.db, user);
    },
  );
};
