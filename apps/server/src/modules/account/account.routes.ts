import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  emailRequestSchema,
  passwordResetSchema,
  publicConfigSchema,
  signupSchema,
  VERIFY_LIMITS,
  verifyEmailSchema,
} from '@portal/contract/account';
import { authResponseSchema } from '@portal/contract/auth';
import { HttpError } from '../../lib/http-error.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { sessionClient } from '../auth/session-client.js';
import { sha256Hex } from '../../lib/ids.js';
import { ACCOUNT_LIMITS, limitPerSubject } from './account-limits.js';
import {
  accountLinks,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
} from './account.service.js';

const accepted = { success: 1 as const };
const acceptedDescription =
  'Always 202 for a well-formed request, whether or not the address has an account (nothing is told ' +
  'about accounts); the mail, if any, goes to the address through the outbox.';

// The per-subject limits read the validated body (they run as preHandler).
const bodyEmail = (request: FastifyRequest): string => (request.body as { email: string }).email;
const bodyToken = (request: FastifyRequest): string => sha256Hex((request.body as { token: string }).token);

export const accountRoutes: FastifyPluginAsyncZod<{ throttle: LoginThrottle }> = async (
  app,
  { throttle },
) => {
  const links = accountLinks(app.config);

  app.get(
    '/rest/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Settings the web app needs before anyone signs in (whether sign-up is open)',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return { signup: app.config.signup };
    },
  );

  app.post(
    '/rest/signup',
    {
      config: { access: 'public', rateLimit: ACCOUNT_LIMITS.signup.perAddress },
      // Closed sign-up is refused before the body is even looked at.
      preValidation: async () => {
        if (app.config.signup !== 'open') throw new HttpError(403, 'signupClosed');
      },
      preHandler: limitPerSubject(app, 'signup', bodyEmail),
      schema: {
        tags: ['account'],
        summary: 'Sign up (JSON or form): a new address gets a verification link, a known one a reset link',
        description: `${acceptedDescription} With SIGNUP=invite: 403 signupClosed.`,
        body: signupSchema,
        response: { 202: acceptedSchema },
      },
    },
    async (request, reply) => {
      await signUp(app.db, links, request.body, app.clock.now());
      return reply.code(202).send(accepted);
    },
  );

  app.post(
    '/rest/auth/verify',
    {
      config: { access: 'public', rateLimit: ACCOUNT_LIMITS.verify.perAddress },
      preHandler: limitPerSubject(app, 'verify', bodyToken),
      schema: {
        tags: ['auth'],
        summary:
          'Use the link of a verification mail with the password chosen at that sign-up: the address is verified and the person signed in',
        description:
          'An unknown, used or expired token answers 400 tokenInvalid. A password other than the one ' +
          'this sign-up chose answers 400 signupPasswordWrong and leaves the link usable; after ' +
          `${VERIFY_LIMITS.passwordAttempts} wrong tries the link ends. Tries count like sign-in ` +
          'attempts (per client address, and per link), 429 with Retry-After past the limit.',
        body: verifyEmailSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      // Counted like a sign-in, under the link (its hash) as the account: a client address
      // spends one budget of password guesses on sign-ins and links together.
      const attempt = await throttle.reserve(`link:${sha256Hex(request.body.token)}`, request.ip);
      const signedIn = await verifyEmail(app.db, request.body, app.clock.now(), sessionClient(request, reply, app.config));
      await attempt.succeeded();
      return signedIn;
    },
  );

  app.post(
    '/rest/auth/verify/resend',
    {
      config: { access: 'public', rateLimit: ACCOUNT_LIMITS.resend.perAddress },
      preHandler: limitPerSubject(app, 'resend', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Send the verification link again (to an account that still waits for it)',
        description: acceptedDescription,
        body: emailRequestSchema,
        response: { 202: acceptedSchema },
      },
    },
    async (request, reply) => {
      await resendVerification(app.db, links, request.body.email, app.clock.now());
      return reply.code(202).send(accepted);
    },
  );

  app.post(
    '/rest/password/forgot',
    {
      config: { access: 'public', rateLimit: ACCOUNT_LIMITS.forgot.perAddress },
      preHandler: limitPerSubject(app, 'forgot', bodyEmail),
      schema: {
        tags: ['account'],
        summary: 'Forgotten password: a verified or invited account gets a reset link (1 hour)',
        description: acceptedDescription,
        body: emailRequestSchema,
        response: { 202: acceptedSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, links, request.body.email, app.clock.now());
      return reply.code(202).send(accepted);
    },
  );

  app.post(
    '/rest/password/reset',
    {
      config: { access: 'public', rateLimit: ACCOUNT_LIMITS.reset.perAddress },
      preHandler: limitPerSubject(app, 'reset', bodyToken),
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token of a reset or invitation link; signs the person in',
        description:
          'The address counts as verified afterwards, and every session of the person ends (the answer ' +
          'is a new one). ' +
          'An unknown, used or expired token answers 400 tokenInvalid; a password that breaks a rule ' +
          'answers 400 validation and leaves the link usable.',
        body: passwordResetSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) =>
      resetPassword(app.db, request.body, app.clock.now(), sessionClient(request, reply, app.config)),
  );
};
