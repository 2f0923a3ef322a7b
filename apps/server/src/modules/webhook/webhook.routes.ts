import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@portal/contract/admin-common';
import { idSchema } from '@portal/contract/common';
import {
  webhookCreateSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookPatchSchema,
  webhookSchema,
  WEBHOOK_LIMITS,
} from '@portal/contract/webhook';
import { currentUser } from '../auth/authenticate.js';
import { projectOf } from '../project/project.service.js';
import {
  createWebhook,
  deliveryLog,
  listWebhooks,
  patchWebhook,
  removeWebhook,
  requireWebhook,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  toWebhook,
} from '../webhook-record/webhook.service.js';

// Webhooks of a project (docs/webhooks.md), for its owner and editors: viewers get 403, anyone
// else 404 (the project's access check, docs/domain.md#ownership).

const idParams = z.object({ id: idSchema });
const role = { project: 'editor', param: 'id' } as const;

/**
 * Test events of one endpoint, and its resends (each route counts its own): each one is a request
 * to the receiver and a row in the log, so a loop of them must not flood either (429, Retry-After).
 */
const manualSendLimit = {
  max: WEBHOOK_LIMITS.manualPerHour,
  timeWindow: '1 hour',
  keyGenerator: (request: { params: unknown; ip: string }) =>
    `webhook-manual:${(request.params as { wid?: string }).wid ?? request.ip}`,
};

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = { httpsOnly: app.config.production };

  app.get(
    '/rest/collection/project/:id/webhook',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: "The project's webhook endpoints with their secrets (owner and editors)",
        params: idParams,
        response: { 200: webhookListSchema },
      },
    },
    async (request) => listWebhooks(app.db, await projectOf(request), app.clock.now()),
  );

  app.post(
    '/rest/collection/project/:id/webhook',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: 'Add an endpoint (owner and editors); answers it with its new secret',
        description:
          'At most WEBHOOK_LIMITS.perProject endpoints per project (400 validation, url). Only https:// ' +
          'addresses in production.',
        params: idParams,
        body: webhookCreateSchema,
        response: { 201: webhookSchema },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(
        app.db,
        await projectOf(request),
        currentUser(request).id,
        request.body,
        rules,
        app.clock.now(),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/rest/collection/project/:id/webhook/:wid',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: 'One endpoint with its secret (owner and editors)',
        params: webhookParamsSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) =>
      toWebhook(await requireWebhook(app.db, await projectOf(request), request.params.wid), app.clock.now()),
  );

  app.patch(
    '/rest/collection/project/:id/webhook/:wid',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: "Change an endpoint's address, events, description or whether it is enabled",
        description: 'Enabling an endpoint that was switched off for failing starts its day of failures anew.',
        params: webhookParamsSchema,
        body: webhookPatchSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) =>
      patchWebhook(app.db, await projectOf(request), request.params.wid, request.body, rules, app.clock.now()),
  );

  app.delete(
    '/rest/collection/project/:id/webhook/:wid',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: 'Remove an endpoint and its delivery log',
        params: webhookParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeWebhook(app.db, await projectOf(request), request.params.wid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rest/collection/project/:id/webhook/:wid/test',
    {
      config: { access: 'user', role, rateLimit: manualSendLimit },
      schema: {
        tags: ['webhook'],
        summary: 'Queue the test event (webhook.test) for this endpoint; answers its log entry',
        description: 'A disabled endpoint: 409 conflict.',
        params: webhookParamsSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => {
      const queued = await sendTestEvent(app.db, await projectOf(request), request.params.wid, app.clock.now());
      return reply.code(202).send(queued);
    },
  );

  app.post(
    '/rest/collection/project/:id/webhook/:wid/secret',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: 'Rotate the signing secret; the replaced one keeps signing for 24 hours',
        params: webhookParamsSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) => rotateWebhookSecret(app.db, await projectOf(request), request.params.wid, app.clock.now()),
  );

  app.get(
    '/rest/collection/project/:id/webhook/:wid/delivery',
    {
      config: { access: 'user', role },
      schema: {
        tags: ['webhook'],
        summary: "The endpoint's delivery log, newest first, paged",
        params: webhookParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (request) => deliveryLog(app.db, await projectOf(request), request.params.wid, request.query),
  );

  app.post(
    '/rest/collection/project/:id/webhook/:wid/delivery/:did/resend',
    {
      config: { access: 'user', role, rateLimit: manualSendLimit },
      schema: {
        tags: ['webhook'],
        summary: 'Send a logged message again (same webhook-id and body); answers the new log entry',
        description: 'A disabled endpoint: 409 conflict.',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => {
      const { wid, did } = request.params;
      const queued = await resendDelivery(app.db, await projectOf(request), wid, did, app.clock.now());
      return reply.code(202).send(queued);
    },
  );
};
