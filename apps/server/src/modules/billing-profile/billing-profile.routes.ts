import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingProfileInputSchema, billingProfileSchema } from '@portal/contract/billing/billing-profile';
import { idSchema } from '@portal/contract/common';
import { auditActorOf } from '../audit/audit.service.js';
import { currentUser } from '../auth/authenticate.js';
import { getBillingProfile, putBillingProfile, type BillingCaller } from './billing-profile.service.js';

const oidParams = z.object({ oid: idSchema });
const tags = ['person'];

/** A person's billing profile (docs/billing.md#billing-profile): the person themself or an admin. */
export const billingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: Parameters<typeof currentUser>[0]): BillingCaller => ({
    user: currentUser(request),
    adminNeedsSecondFactor: app.config.adminMfa === 'required',
  });

  app.get(
    '/rest/collection/person/:oid/billing',
    {
      config: { access: 'user', adminsToo: true },
      schema: {
        tags,
        summary:
          "The person's billing profile, or null while they have none (the portal then asks for it before a paid service is added). Own profile, or any person's for an admin; 404 for others",
        params: oidParams,
        response: { 200: billingProfileSchema.nullable() },
      },
    },
    async (request) => getBillingProfile(app.db, callerOf(request), request.params.oid),
  );

  app.put(
    '/rest/collection/person/:oid/billing',
    {
      config: { access: 'user', adminsToo: true },
      schema: {
        tags,
        summary:
          "Write the billing profile whole (VAT ID checked for the country's format, Leitweg-ID for its check digits). Own profile, or any person's for an admin (audited); 404 for others",
        params: oidParams,
        body: billingProfileInputSchema,
        response: { 200: billingProfileSchema },
      },
    },
    async (request) =>
      putBillingProfile(app.db, callerOf(request), auditActorOf(request), request.params.oid, request.body),
  );
};
