import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInviteSchema,
  adminPersonListQuerySchema,
  adminPersonPageSchema,
  adminPersonPatchSchema,
  adminPersonSchema,
} from '@portal/contract/admin-person';
import { idSchema } from '@portal/contract/common';
import { accountLinks } from '../account/account.service.js';
import { auditActorOf } from '../audit/audit.service.js';
import { getCustomer, inviteCustomer, listCustomers, patchCustomer, sendCustomerPasswordReset } from './person-console.service.js';

const idParams = z.object({ id: idSchema });
const tags = ['admin'];

/** The customers area of the admin console (docs/admin.md#customers); admins only. */
export const personConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = accountLinks(app.config);

  app.get(
    '/rest/collection/admin/person',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Customers, by address; search q in name, address or company (paged)',
        querystring: adminPersonListQuerySchema,
        response: { 200: adminPersonPageSchema },
      },
    },
    async (request) => listCustomers(app.db, request.query),
  );

  app.post(
    '/rest/collection/admin/person',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Invite a new customer (mail with a link to choose a password); 409 emailTaken',
        body: adminInviteSchema,
        response: { 201: adminPersonSchema },
      },
    },
    async (request, reply) => {
      const person = await inviteCustomer(app.db, links, auditActorOf(request), request.body);
      return reply.code(201).send(person);
    },
  );

  app.get(
    '/rest/collection/admin/person/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One customer with their projects and licences; the shape PATCH accepts',
        params: idParams,
        response: { 200: adminPersonSchema },
      },
    },
    async (request) => getCustomer(app.db, request.params.id),
  );

  app.patch(
    '/rest/collection/admin/person/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Change names, company, language, isAdmin, disabled (sessions end at once); 409 lastAdmin, ownAccount',
        params: idParams,
        body: adminPersonPatchSchema,
        response: { 200: adminPersonSchema },
      },
    },
    async (request) => patchCustomer(app.db, auditActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/rest/collection/admin/person/:id/password-reset',
    {
      config: { access: 'admin', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Mail the customer a link to choose a new password; 409 when disabled or unverified',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sendCustomerPasswordReset(app.db, links, auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
