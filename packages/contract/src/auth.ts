import { z } from 'zod';
import { PASSWORD_LIMITS } from './password.js';

export const authResponseSchema = z.object({
  token: z.string(),
  oid: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Second factors a person can sign in with (passkeys come later). */
export const mfaMethodSchema = z.enum(['totp', 'recovery']);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** Limits of two-factor sign-in (docs/security.md#two-factor-sign-in). */
export const MFA_LIMITS = {
  /** Digits of an authenticator code. */
  codeDigits: 6,
  /** Recovery codes per set. */
  recoveryCodes: 10,
  /** Characters of a recovery code, without its dash. */
  recoveryCodeLength: 10,
  /** How long the second step of a sign-in may take (ms). */
  mfaTokenMs: 5 * 60 * 1000,
  /** How long the password or a second factor given in a session counts for changes (ms). */
  reauthMs: 10 * 60 * 1000,
} as const;

/** The right password of a person with a second factor: no session yet, the second step follows. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(mfaMethodSchema),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** What `POST /rest/auth` answers: a session, or the challenge of the second step. */
export const signInAnswerSchema = z.union([authResponseSchema, mfaChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** Six digits; spaces a person may type between them are ignored. */
export const totpCodeSchema = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown (xxxxx-xxxxx), in any case, with or without its dash and spaces. */
export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/));

/** The second step of a sign-in: the token of the first step and one code. */
export const mfaSignInSchema = z
  .object({
    mfaToken: z.string().min(10).max(200),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'exactly one of code and recoveryCode',
    path: ['code'],
  });
export type MfaSignIn = z.infer<typeof mfaSignInSchema>;

/**
 * Proof of the person for a change that needs it (docs/security.md#re-authentication): the
 * current password or a second factor, unless this session gave one in the last 10 minutes.
 */
export const reauthSchema = z
  .object({
    password: z
      .string()
      .min(1)
      .max(PASSWORD_LIMITS.max * 2)
      .optional(),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .strict();
export type Reauth = z.infer<typeof reauthSchema>;

/** Starting the authenticator app: the secret as text and as an otpauth:// URI for the QR code. */
export const totpStartSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TotpStart = z.infer<typeof totpStartSchema>;

export const totpConfirmSchema = z.object({ code: totpCodeSchema }).strict();

/** A new set of recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The person's second factors, for the profile. */
export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  methods: z.array(mfaMethodSchema),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
