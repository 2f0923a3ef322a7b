import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { ownSessionListSchema } from '@portal/contract/session';
import { notFound } from '../../lib/http-error.js';
import { requireSelf } from '../person-record/require-self.js';
import { currentUser } from './authenticate.js';
import { endOtherSessions, endOwnSession, ownSessions } from './session.service.js';

// A person's own sessions (docs/security.md#own-sessions): a person lists and ends only their
// own; anyone else's person id or session id is simply not found. An ended session is deleted,
// which the next call with its token sees at once (modules/auth/session-lookup.ts).

const oidParams = z.object({ oid: idSchema });
const sessionParams = z.object({ oid: idSchema, id: idSchema });

export const ownSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/person/:oid/session',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary:
          'Own sessions, newest sign-in first (browser and system in words, address masked, this one marked)',
        params: oidParams,
        response: { 200: ownSessionListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return ownSessions(app.db, user.id, request.sessionId, app.clock.now());
    },
  );

  app.delete(
    '/rest/collection/person/:oid/session/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'End one of the own sessions (this one too: that signs out here)',
        params: sessionParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      if (!(await endOwnSession(app.db, user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/rest/collection/person/:oid/session',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'End every own session but this one',
        params: oidParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      if (request.sessionId) await endOtherSessions(app.db, user.id, request.sessionId);
      return reply.code(204).send(null);
    },
  );
};
