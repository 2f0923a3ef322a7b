import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInAnswerSchema, type MfaChallenge } from '@portal/contract/auth';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { findPersonByEmail } from '../person-record/person.repository.js';
import { parseBasicCredentials } from './basic-credentials.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Db, PersonRow } from '../../db/database.js';
import { sessionClient, type SessionClient } from './session-client.js';
import { endSession } from './session.service.js';

/** Starts the session of a sign-in (modules/account/sign-in.ts, handed in by the app). */
export type StartSession = (
  trx: Db,
  person: PersonRow,
  now: Date,
  client: SessionClient,
  options?: { reauthenticated?: boolean },
) => Promise<string>;

/**
 * The challenge of the second step for a person with a second factor, else undefined (the mfa
 * module's signInChallenge, handed over by app.ts: that module sits above this one).
 */
export type SecondFactorChallenge = (personId: string, now: Date) => Promise<MfaChallenge | undefined>;

export const authRoutes: FastifyPluginAsyncZod<{
  throttle: LoginThrottle;
  startSession: StartSession;
  challenge: SecondFactorChallenge;
}> = async (app, { throttle, startSession, challenge: secondFactor }) => {
  app.post(
    '/rest/auth',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with HTTP Basic (email as user name); answers a bearer token',
        description:
          'A person with a second factor gets no session yet: the answer is `{ mfaRequired: true, ' +
          'mfaToken, methods }`, and POST /rest/auth/mfa with that token and a code completes the sign-in.',
        security: [{ basic: [] }],
        response: { 200: signInAnswerSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = parseBasicCredentials(request.headers.authorization);
      const attempt = await throttle.reserve(email, request.ip);
      const person = await findPersonByEmail(app.db, email).catch(async (error: unknown) => {
        await attempt.withdrawn(); // not a guess: the database did not answer (503)
        throw error;
      });
      // Unknown accounts, and invited ones that have no password yet (an empty hash), are
      // checked against a dummy hash: every path does the same argon2 work, so neither the time
      // nor the answer tells them apart from a wrong password. The dummy never signs anyone in.
      const stored = person?.passwordHash ? person.passwordHash : await dummyPasswordHash();
      const ok = (await verifyPassword(stored, password)) && stored === person?.passwordHash;
      if (!person || !ok) throw unauthorized(); // the reserved attempt stays counted
      await attempt.succeeded();
      // Only who knows the right password learns that the account is disabled; a wrong one
      // answers as above, so a guesser learns nothing about it.
      if (person.disabled === 1) throw new HttpError(403, 'accountDisabled');
      // The right password of an address not yet confirmed: the login modal offers to resend the link.
      if (person.verified === 0) throw new HttpError(403, 'unverified');
      const now = app.clock.now();
      // A second factor: no session until it is given (docs/security.md#two-factor-sign-in).
      const challenge = await secondFactor(person.id, now);
      if (challenge) return challenge;
      const client = sessionClient(request, reply, app.config);
      const token = await app.db
        .transaction()
        .execute((trx) => startSession(trx, person, now, client, { reauthenticated: true }));
      return { token, oid: person.id };
    },
  );

  app.post(
    '/rest/logout',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'Ends this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.sessionId) await endSession(app.db, request.sessionId);
      return reply.code(204).send(null);
    },
  );
};
