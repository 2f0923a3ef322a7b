import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerSettingsInputSchema, sellerSettingsSchema } from '@portal/contract/billing/billing-settings';
import { auditActorOf } from '../audit/audit.service.js';
import { getSellerSettings, putSellerSettings } from './billing-settings.service.js';

const tags = ['admin'];

/** The seller settings of the admin console (docs/billing.md#seller-settings); admins only. */
export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rest/collection/admin/billing-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The provider's invoice data (seller settings), or null before an admin has entered them",
        response: { 200: sellerSettingsSchema.nullable() },
      },
    },
    async () => getSellerSettings(app.db),
  );

  app.put(
    '/rest/collection/admin/billing-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Write the seller settings whole (IBAN and BIC checked, invoice number format with {seq[:n]} and {year}, payment terms 0–120 days); audited',
        body: sellerSettingsInputSchema,
        response: { 200: sellerSettingsSchema },
      },
    },
    async (request) => putSellerSettings(app.db, auditActorOf(request), request.body),
  );
};
