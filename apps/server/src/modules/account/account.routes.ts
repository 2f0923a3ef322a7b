import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  emailRequestSchema,
  passwordResetSchema,
  publicConfigSchema,
  signupSchema,
  verifyEmailSchema,
} from '@portal/contract/account';
import { authResponseSchema } from '@portal/contract/auth';
import { HttpError } from '../../lib/http-error.js';
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

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Use the link of a verification mail: the address is verified and the person signed in',
        description: 'An unknown, used or expired token answers 400 tokenInvalid.',
        body: verifyEmailSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => verifyEmail(app.db, request.body.token, app.clock.now()),
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
    async (request) => resetPassword(app.db, request.body, app.clock.now()),
  );
};
