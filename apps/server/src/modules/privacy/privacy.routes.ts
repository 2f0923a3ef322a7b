import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import { accountDeletionSchema, EXPORT_LIMITS, type AccountDeletion } from '@portal/contract/privacy';
import type { PersonRow } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { auditActorOf, recordAudit } from '../audit/audit.service.js';
import { currentUser } from '../auth/authenticate.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { requireReauth } from '../mfa/mfa.service.js';
import { findPerson } from '../person-record/person.repository.js';
import { requireSelf } from '../person-record/require-self.js';
import { deleteAccount } from './deletion.service.js';
import { collectExport, exportFileName, zipStream } from './export.service.js';

const oidParams = z.object({ oid: idSchema });
const idParams = z.object({ id: idSchema });

const exportDescription =
  `A ZIP of JSON files and a README in the person's language (docs/privacy.md#export). At most ` +
  `${EXPORT_LIMITS.perHour} exports an hour per caller (429 with Retry-After); usage per day covers the ` +
  `last ${EXPORT_LIMITS.usageDays} days, every list at most ${EXPORT_LIMITS.maxRows} entries.`;
const deletionDescription =
  "Needs the caller's current password (`password`) or a code of their second factor (`code` or " +
  '`recoveryCode`), given in this request; a wrong one answers 400 (pwWrong, mfaCodeWrong) and ' +
  'counts like a sign-in attempt. 409 sharedProjects (the projects in `problems`) while the person ' +
  'owns projects others belong to; 409 lastAdmin. Everything happens at once or not at all ' +
  '(docs/privacy.md#deletion).';

/** A person's data export and account deletion: their own, or a customer's from the admin console. */
export const privacyRoutes: FastifyPluginAsyncZod<{ throttle: LoginThrottle }> = async (
  app,
  { throttle },
) => {
  const requireProof = (request: FastifyRequest, proof: AccountDeletion, now: Date) => {
    const user = currentUser(request);
    return requireReauth(
      app.db,
      throttle,
      { personId: user.id, email: user.email, sessionId: request.sessionId, address: request.ip },
      proof,
      now,
    );
  };

  const livePerson = async (id: string): Promise<PersonRow> => {
    const person = await findPerson(app.db, id);
    if (!person || person.deletedAt !== null) throw notFound();
    return person;
  };

  const sendExport = async (reply: FastifyReply, person: PersonRow, sessionId: string | null, now: Date) => {
    const content = await collectExport(app.db, person, sessionId, now);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(zipStream(content));
  };

  app.get(
    '/rest/collection/person/:oid/export',
    {
      config: {
        access: 'user',
        rateLimit: {
          max: EXPORT_LIMITS.perHour,
          timeWindow: '1 hour',
          keyGenerator: (request) => `export:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['person'],
        summary: 'Download my data: everything the portal stores about me, as a ZIP',
        description: exportDescription,
        params: oidParams,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      const now = app.clock.now();
      return sendExport(reply, await livePerson(user.id), request.sessionId, now);
    },
  );

  app.delete(
    '/rest/collection/person/:oid',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['person'],
        summary: 'Delete my account (all sessions end at once)',
        description: deletionDescription,
        params: oidParams,
        body: accountDeletionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      const now = app.clock.now();
      await requireProof(request, request.body, now);
      await deleteAccount(app.db, user.id, now);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/rest/collection/admin/person/:id/export',
    {
      config: {
        access: 'admin',
        rateLimit: {
          max: 10 * EXPORT_LIMITS.perHour,
          timeWindow: '1 hour',
          keyGenerator: (request) => `admin-export:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['admin'],
        summary: "A customer's data export (the same ZIP they get themselves); audited",
        description: exportDescription.replace(
          `${EXPORT_LIMITS.perHour} exports`,
          `${10 * EXPORT_LIMITS.perHour} exports`,
        ),
        params: idParams,
      },
    },
    async (request, reply) => {
      const person = await livePerson(request.params.id);
      const actor = auditActorOf(request);
      await recordAudit(app.db, {
        ...actor,
        action: 'export',
        objectType: 'person',
        objectId: person.id,
        before: null,
        after: { email: person.email },
      });
      return sendExport(reply, person, null, actor.at);
    },
  );

  app.delete(
    '/rest/collection/admin/person/:id',
    {
      config: { access: 'admin', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['admin'],
        summary: "Delete a customer's account with the admin's own password or code; audited",
        description: deletionDescription.replace("the caller's", "the admin's"),
        params: idParams,
        body: accountDeletionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(request);
      await livePerson(request.params.id);
      await requireProof(request, request.body, actor.at);
      await deleteAccount(app.db, request.params.id, actor.at, actor);
      return reply.code(204).send(null);
    },
  );
};
