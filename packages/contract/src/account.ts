import { z } from 'zod';
import { languageSchema } from './common.js';
import { formBoolean } from './form-values.js';
import { newPasswordSchema, PASSWORD_LIMITS, passwordProblem } from './password.js';
import { newPersonSchema, PERSON_LIMITS, salutationSchema } from './person.js';
import { singleLineText } from './text.js';

// Self-service accounts: sign-up with a verified address, forgotten passwords, invitations.
// Bodies arrive as JSON or form-encoded (the web app), so flags accept both spellings.

const text = (max: number) => singleLineText().trim().max(max);

/** An address as stored: trimmed, lower case. */
export const accountEmailSchema = singleLineText()
  .trim()
  .toLowerCase()
  .max(PERSON_LIMITS.email)
  .pipe(z.email());

export const signupSchema = z
  .object({
    /** '' (or absent): no salutation. */
    salutation: z.union([salutationSchema, z.literal('')]).optional(),
    firstname: text(PERSON_LIMITS.name).min(1),
    lastname: text(PERSON_LIMITS.name).min(1),
    company: text(PERSON_LIMITS.company).optional(),
    email: accountEmailSchema,
    password: newPasswordSchema,
    /** The language of the interface and of every mail to the person. */
    language: languageSchema,
    /** The terms (AGB) and the privacy notice were accepted. */
    terms: formBoolean.refine((accepted) => accepted, { message: 'terms must be accepted' }),
  })
  .strict()
  .superRefine((form, context) => {
    if (passwordProblem(form.password, form.email) === 'sameAsEmail') {
      context.addIssue({ code: 'custom', path: ['password'], message: 'sameAsEmail' });
    }
  });
export type SignupForm = z.infer<typeof signupSchema>;

/**
 * A person invited by an operator, an admin or a project owner: the fields of a new person
 * without the password, which the person chooses through the mailed link.
 */
export const invitationSchema = newPersonSchema.omit({ password: true });

/** Resend the verification mail; ask for a password reset. */
export const emailRequestSchema = z.object({ email: accountEmailSchema }).strict();

/** A token from a mailed link: 256 random bits, base64url. */
export const accountTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid token');

/**
 * A confirmation link asks for the password its sign-up chose: only who chose it can make that
 * sign-up the account, so a stranger's sign-up stays unusable even to the mailbox's owner. A
 * link allows this many tries; the last wrong one ends it.
 */
export const VERIFY_LIMITS = { passwordAttempts: 5 } as const;

export const verifyEmailSchema = z
  .object({
    token: accountTokenSchema,
    /** The password chosen at sign-up, as typed: no rules but a bound (no character takes more than two units). */
    password: z
      .string()
      .min(1)
      .max(PASSWORD_LIMITS.max * 2),
  })
  .strict();
export type VerifyEmailForm = z.infer<typeof verifyEmailSchema>;

export const passwordResetSchema = z
  .object({ token: accountTokenSchema, password: newPasswordSchema })
  .strict();

/** The answer of every request that must not tell whether an address has an account. */
export const acceptedSchema = z.object({ success: z.literal(1) });

/** open: anyone may sign up; invite: accounts come from invitations only (SIGNUP). */
export const signupModeSchema = z.enum(['open', 'invite']);
export type SignupMode = z.infer<typeof signupModeSchema>;

/** What the web app needs to know about the server's settings before anyone signs in. */
export const publicConfigSchema = z.object({ signup: signupModeSchema });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
