import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { passwordChangeSchema, personPatchSchema, personSchema } from '@portal/contract/person';
import { HttpError, notFound, validation } from '../../lib/http-error.js';
import { currentUser } from '../auth/authenticate.js';
import { acceptUploads } from '../../plugins/uploads.js';
import { toPerson } from '../person-record/person.mapper.js';
import { requireSelf } from '../person-record/require-self.js';
import { avatarOf, changeOwnData, changePassword, replaceAvatar } from './person.service.js';

const oidParams = z.object({ oid: idSchema });

/**
 * Reading a multipart body fails only because of what the client sent (no boundary, broken or
 * truncated parts): such failures answer 400, never 500. Errors that already carry a 4xx
 * status (too large, too many parts) keep it.
 */
async function asClientError<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw new HttpError(400, 'badRequest');
  }
}

export const personRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app); // the avatar: multipart bodies are read in this module only
  app.get(
    '/rest/collection/person/:oid',
    {
      config: { access: 'user', token: 'allowed' },
      schema: { tags: ['person'], params: oidParams, response: { 200: personSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return toPerson(user);
    },
  );

  app.patch(
    '/rest/collection/person/:oid',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'Change own data (changed fields only; email and id cannot change)',
        params: oidParams,
        body: personPatchSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return toPerson(await changeOwnData(app.db, user, request.body, app.clock.now()));
    },
  );

  app.patch(
    '/rest/collection/person/:oid/password',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['person'],
        summary: 'Change own password; ends all other sessions',
        params: oidParams,
        body: passwordChangeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      if (request.body.oid !== undefined && request.body.oid !== user.id) throw notFound();
      await changePassword(app.db, user, request.sessionId, request.body, app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rest/collection/person/:oid/avatar',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['person'],
        summary: 'Upload own avatar (multipart field "avatar"; PNG, JPEG or WebP up to 5 MB, 40 megapixels and 10:1)',
        consumes: ['multipart/form-data'],
        params: oidParams,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      if (!request.isMultipart()) throw new HttpError(415, 'unsupportedMediaType');
      const upload = await asClientError(async () => {
        const file = await request.file();
        if (!file || file.fieldname !== 'avatar') throw validation({ avatar: 'required' });
        return file.toBuffer(); // throws 413 past the multipart fileSize limit
      });
      return toPerson(await replaceAvatar(app.db, user, upload, app.clock.now()));
    },
  );

  app.get(
    '/rest/collection/person/:oid/avatar',
    {
      config: { access: 'user' },
      schema: { tags: ['person'], summary: 'Own avatar as WebP', params: oidParams },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(await avatarOf(app.db, user));
    },
  );
};
