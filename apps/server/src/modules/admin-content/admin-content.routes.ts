import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { orderedListRoutes } from './ordered-list.routes.js';
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
const tags = ['admin'];
const byId = z.object({ id: idSchema });

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  // --- price packages -------------------------------------------------------------------------
  orderedListRoutes(app, {
    url: '/rest/collection/admin/price_package',
    access: 'admin',
    schemas: {
      list: adminPricePackageListSchema,
      item: adminPricePackageSchema,
      create: adminPricePackageCreateSchema,
      patch: adminPricePackagePatchSchema,
    },
    summaries: {
      list: 'Price packages in the order of /price (paged)',
      create: 'Create a price package (without id one is made; without position it goes last)',
      get: 'One price package, in the shape POST and PATCH accept',
      patch: 'Change a price package (any of its fields; position moves it)',
      delete: 'Delete a price package',
    },
    list: listAdminPricePackages,
    get: getAdminPricePackage,
    create: createAdminPricePackage,
    patch: patchAdminPricePackage,
    remove: deleteAdminPricePackage,
  });

  // --- legal pages ----------------------------------------------------------------------------
  orderedListRoutes(app, {
    url: '/rest/collection/admin/rechtliches',
    access: 'admin',
    schemas: {
      list: adminLegalPageListSchema,
      item: adminLegalPageSchema,
      create: adminLegalPageCreateSchema,
      patch: adminLegalPagePatchSchema,
    },
    summaries: {
      list: 'Legal pages in their order (paged)',
      create: 'Create a legal page; its HTML is sanitized before it is stored',
      get: 'One legal page, in the shape POST and PATCH accept',
      patch: 'Change a legal page (HTML sanitized; the pages the portal links to keep their internal name)',
      delete: 'Delete a legal page (not one the portal links to)',
    },
    list: listAdminLegalPages,
    get: getAdminLegalPage,
    create: createAdminLegalPage,
    patch: patchAdminLegalPage,
    remove: deleteAdminLegalPage,
  });

  // --- texts ----------------------------------------------------------------------------------
  const texts = '/rest/collection/admin/translation';
  const byKey = z.object({ id: translationKeySchema });
  app.get(
    texts,
    {
      config: admin,
      schema: {
        tags,
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
        summary: 'Set the state (new, in_progress, done) and/or the note of a contact request',
        params: byId,
        body: adminContactRequestPatchSchema,
        response: { 200: adminContactRequestSchema },
      },
    },
    async (request) => patchAdminContactRequest(app.db, auditActorOf(request), request.params.id, request.body),
  );
};
