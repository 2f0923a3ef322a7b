import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenListSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
} from '@portal/contract/access-token';
import { idSchema } from '@portal/contract/common';
import { notFound } from '../../lib/http-error.js';
import { requireSelf } from '../person-record/require-self.js';
import { currentUser } from '../auth/authenticate.js';
import { createAccessToken, ownAccessTokens, revokeAccessToken } from './access-token.service.js';

// A person's own personal access tokens (docs/security.md#personal-access-tokens). Sessions only:
// these routes declare no `token`, so a token can neither make nor list nor revoke tokens. A
// person sees and revokes only their own; anyone else's person or token id is simply not found.

const oidParams = z.object({ oid: idSchema });
const tokenParams = z.object({ oid: idSchema, id: idSchema });

export const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/person/:oid/token',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'Own personal access tokens, newest first (never the tokens themselves)',
        params: oidParams,
        response: { 200: accessTokenListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return ownAccessTokens(app.db, user.id);
    },
  );

  app.post(
    '/rest/collection/person/:oid/token',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'Make a personal access token; the answer is the only time the token is shown',
        params: oidParams,
        body: createAccessTokenSchema,
        response: { 201: createdAccessTokenSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      return reply.code(201).send(await createAccessToken(app.db, user.id, request.body, app.clock.now()));
    },
  );

  app.delete(
    '/rest/collection/person/:oid/token/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'Revoke one of the own personal access tokens (at once, on every instance)',
        params: tokenParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      if (!(await revokeAccessToken(app.db, user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
