import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@portal/contract/admin-common';
import {
  adminContactRequestListSchema,
  adminContactRequestPatchSchema,
  adminContactRequestQuerySchema,
  adminContactRequestSchema,
  adminLegalPageCreateSchema,
  adminLegalPageListSchema,
  adminLegalPagePatchSchema,
  adminLegalPageSchema,
  adminPricePackageCreateSchema,
  adminPricePackageListSchema,
  adminPricePackagePatchSchema,
  adminPricePackageSchema,
  adminTranslationListSchema,
  adminTranslationPatchSchema,
  adminTranslationQuerySchema,
  adminTranslationSchema,
  translationKeySchema,
} from '@portal/contract/admin-content';
import { idSchema } from '@portal/contract/common';
import { auditActorOf } from '../audit/audit.service.js';
import { listAdminContactRequests, patchAdminContactRequest } from './contact-admin.service.js';
import {
  createAdminLegalPage,
  deleteAdminLegalPage,
  getAdminLegalPage,
  listAdminLegalPages,
  patchAdminLegalPage,
} from './legal-admin.service.js';
import {
  createAdminPricePackage,
  deleteAdminPricePackage,
  getAdminPricePackage,
  listAdminPricePackages,
  patchAdminPricePackage,
} from './price-package-admin.service.js';
import { getAdminTranslation, listAdminTranslations, patchAdminTranslation } from './translation-admin.service.js';

// Price packages, legal pages, texts and contact requests in the admin console
// (docs/admin.md#content). Admins only; every write is audited in its own transaction.

const admin = { access: 'admin' } as const;
const security = [{ bearer: [] }];
const tags = ['admin'];
const byId = z.object({ id: idSchema });

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  // --- price packages -------------------------------------------------------------------------
  const packages = '/rest/collection/admin/price_package';
  app.get(
    packages,
    {
      config: admin,
      schema: { tags, security, summary: 'Price packages in the order of /price (paged)', querystring: pageQuerySchema, response: { 200: adminPricePackageListSchema } },
    },
    async (request) => listAdminPricePackages(app.db, request.query),
  );
  app.post(
    packages,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Create a price package (without id one is made; without position it goes last)',
        body: adminPricePackageCreateSchema,
        response: { 201: adminPricePackageSchema },
      },
    },
    async (request, reply) => {
      const created = await createAdminPricePackage(app.db, app.changes, auditActorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
  app.get(
    `${packages}/:id`,
    {
      config: admin,
      schema: { tags, security, summary: 'One price package, in the shape POST and PATCH accept', params: byId, response: { 200: adminPricePackageSchema } },
    },
    async (request) => getAdminPricePackage(app.db, request.params.id),
  );
  app.patch(
    `${packages}/:id`,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change a price package (any of its fields; position moves it)',
        params: byId,
        body: adminPricePackagePatchSchema,
        response: { 200: adminPricePackageSchema },
      },
    },
    async (request) => patchAdminPricePackage(app.db, app.changes, auditActorOf(request), request.params.id, request.body),
  );
  app.delete(
    `${packages}/:id`,
    { config: admin, schema: { tags, security, summary: 'Delete a price package', params: byId } },
    async (request, reply) => {
      await deleteAdminPricePackage(app.db, app.changes, auditActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // --- legal pages ----------------------------------------------------------------------------
  const legal = '/rest/collection/admin/rechtliches';
  app.get(
    legal,
    {
      config: admin,
      schema: { tags, security, summary: 'Legal pages in their order (paged)', querystring: pageQuerySchema, response: { 200: adminLegalPageListSchema } },
    },
    async (request) => listAdminLegalPages(app.db, request.query),
  );
  app.post(
    legal,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Create a legal page; its HTML is sanitized before it is stored',
        body: adminLegalPageCreateSchema,
        response: { 201: adminLegalPageSchema },
      },
    },
    async (request, reply) => {
      const created = await createAdminLegalPage(app.db, app.changes, auditActorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
  app.get(
    `${legal}/:id`,
    {
      config: admin,
      schema: { tags, security, summary: 'One legal page, in the shape POST and PATCH accept', params: byId, response: { 200: adminLegalPageSchema } },
    },
    async (request) => getAdminLegalPage(app.db, request.params.id),
  );
  app.patch(
    `${legal}/:id`,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change a legal page (HTML sanitized; the pages the portal links to keep their internal name)',
        params: byId,
        body: adminLegalPagePatchSchema,
        response: { 200: adminLegalPageSchema },
      },
    },
    async (request) => patchAdminLegalPage(app.db, app.changes, auditActorOf(request), request.params.id, request.body),
  );
  app.delete(
    `${legal}/:id`,
    { config: admin, schema: { tags, security, summary: 'Delete a legal page (not one the portal links to)', params: byId } },
    async (request, reply) => {
      await deleteAdminLegalPage(app.db, app.changes, auditActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // --- texts ----------------------------------------------------------------------------------
  const texts = '/rest/collection/admin/translation';
  const byKey = z.object({ id: translationKeySchema });
  app.get(
    texts,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Every text (paged); filter by namespace, a search in key and texts, missing=1 for keys lacking a language',
        querystring: adminTranslationQuerySchema,
        response: { 200: adminTranslationListSchema },
      },
    },
    async (request) => listAdminTranslations(app.db, request.query),
  );
  app.get(
    `${texts}/:id`,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'The texts of one key (Namespace.id, the key of the public translation call), in the shape PATCH accepts',
        params: byKey,
        response: { 200: adminTranslationSchema },
      },
    },
    async (request) => getAdminTranslation(app.db, request.params.id),
  );
  app.patch(
    `${texts}/:id`,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change the texts of one key; visitors see it with their next page, kept over restarts and releases',
        params: byKey,
        body: adminTranslationPatchSchema,
        response: { 200: adminTranslationSchema },
      },
    },
    async (request) => patchAdminTranslation(app.db, app.changes, auditActorOf(request), request.params.id, request.body),
  );

  // --- contact requests -----------------------------------------------------------------------
  const contact = '/rest/collection/admin/contact_request';
  app.get(
    contact,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Contact requests, newest first (paged), with the delivery state of their notice mail',
        querystring: adminContactRequestQuerySchema,
        response: { 200: adminContactRequestListSchema },
      },
    },
    async (request) => listAdminContactRequests(app.db, request.query),
  );
  app.patch(
    `${contact}/:id`,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Set the state (new, in_progress, done) and/or the note of a contact request',
        params: byId,
        body: adminContactRequestPatchSchema,
        response: { 200: adminContactRequestSchema },
      },
    },
    async (request) => patchAdminContactRequest(app.db, auditActorOf(request), request.params.id, request.body),
  );
};
