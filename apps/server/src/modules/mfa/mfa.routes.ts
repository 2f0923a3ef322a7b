import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@portal/contract/common';
import {
  authResponseSchema,
  mfaSignInSchema,
  mfaStatusSchema,
  reauthSchema,
  recoveryCodesSchema,
  type Reauth,
  totpConfirmSchema,
  totpStartSchema,
} from '@portal/contract/auth';
import { HttpError } from '../../lib/http-error.js';
import { currentUser } from '../auth/authenticate.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { sessionClient } from '../auth/session-client.js';
import { startSignedInSession } from '../account/sign-in.js';
import { findPerson } from '../person-record/person.repository.js';
import { requireSelf } from '../person-record/require-self.js';
import {
  completeSignIn,
  confirmTotp,
  mfaStatus,
  noteReauthenticated,
  removeSecondFactors,
  renewRecoveryCodes,
  requireReauth,
  startTotp,
} from './mfa.service.js';

const oidParams = z.object({ oid: idSchema });
const reauthDescription =
  'Needs the current password (`password`) or a second factor (`code` or `recoveryCode`) in the ' +
  'body, unless this session gave one in the last 10 minutes: else 403 reauthRequired. A wrong ' +
  'one answers 400 (pwWrong, mfaCodeWrong) and counts like a sign-in attempt.';

export const mfaRoutes: FastifyPluginAsyncZod<{ throttle: LoginThrottle }> = async (app, { throttle }) => {
  /** The re-authentication rule for the signed-in caller (docs/security.md#re-authentication). */
  const requireProof = (
    request: FastifyRequest,
    user: { id: string; email: string },
    proof: Reauth | null | undefined,
    now: Date,
  ) =>
    requireReauth(
      app.db,
      throttle,
      { personId: user.id, email: user.email, sessionId: request.sessionId, address: request.ip },
      proof ?? {},
      now,
    );

  app.post(
    '/rest/auth/mfa',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '5 minutes' } },
      schema: {
        tags: ['auth'],
        summary:
          'Second step of a sign-in: the mfaToken of POST /rest/auth and one code; answers a bearer token',
        description:
          'Exactly one of `code` (the authenticator app, 6 digits) and `recoveryCode`. An unknown, used ' +
          'or expired mfaToken (5 minutes) answers 401 mfaTokenInvalid; a wrong or used code 400 ' +
          'mfaCodeWrong, and the token stays usable. Codes count like sign-in attempts (429 with Retry-After).',
        body: mfaSignInSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const personId = await completeSignIn(app.db, throttle, request.ip, request.body, now);
      const person = await findPerson(app.db, personId);
      // Disabled since the first step: its sessions are gone, and no new one starts.
      if (!person || person.disabled === 1) throw new HttpError(401, 'mfaTokenInvalid');
      // Started as every sign-in's session: the browser noted, a new one mailed about.
      const client = sessionClient(request, reply, app.config);
      const token = await app.db
        .transaction()
        .execute((trx) => startSignedInSession(trx, person, now, client, { reauthenticated: true }));
      return { token, oid: personId };
    },
  );

  app.get(
    '/rest/collection/person/:oid/mfa',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary:
          'Own second factors: whether the authenticator app is on, and how many recovery codes are left',
        params: oidParams,
        response: { 200: mfaStatusSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      void reply.header('cache-control', 'no-store');
      return mfaStatus(app.db, user.id);
    },
  );

  app.post(
    '/rest/collection/person/:oid/mfa/totp',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['person'],
        summary: 'Start the authenticator app: a new secret and its otpauth:// URI (counts once confirmed)',
        description: 'A second start replaces a secret not yet confirmed; 409 conflict while one is on.',
        params: oidParams,
        response: { 200: totpStartSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      void reply.header('cache-control', 'no-store');
      return startTotp(app.db, user, app.clock.now());
    },
  );

  app.post(
    '/rest/collection/person/:oid/mfa/totp/confirm',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary:
          'Confirm the authenticator app with a code of it; answers ten recovery codes, shown only once',
        description:
          'A wrong code answers 400 mfaCodeWrong and counts like a sign-in attempt; 409 conflict when ' +
          'nothing was started or the app is already on.',
        params: oidParams,
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      const now = app.clock.now();
      const recoveryCodes = await confirmTotp(app.db, throttle, request.ip, user.id, request.body.code, now);
      await noteReauthenticated(app.db, request.sessionId, now);
      void reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );

  app.delete(
    '/rest/collection/person/:oid/mfa/totp',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'Turn the authenticator app off (its recovery codes end with it)',
        description: reauthDescription,
        params: oidParams,
        body: reauthSchema.nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      const now = app.clock.now();
      await requireProof(request, user, request.body, now);
      await app.db.transaction().execute((trx) => removeSecondFactors(trx, user.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/rest/collection/person/:oid/mfa/recovery-codes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['person'],
        summary: 'A new set of ten recovery codes, shown only once; the old ones end',
        description: `${reauthDescription} 409 conflict without an authenticator app.`,
        params: oidParams,
        body: reauthSchema.nullish(),
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSelf(request.params.oid, user);
      const now = app.clock.now();
      await requireProof(request, user, request.body, now);
      void reply.header('cache-control', 'no-store');
      return { recoveryCodes: await renewRecoveryCodes(app.db, user.id, now) };
    },
  );
};
