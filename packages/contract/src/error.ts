import { z } from 'zod';

/** Error codes of every error answer (docs/architecture.md#errors). */
export const errorCodeSchema = z.enum([
  'unauthorized',
  'forbidden',
  'notFound',
  'validation',
  'pwWrong',
  'rateLimited',
  'conflict',
  'alreadyLicensed',
  'alreadyMember',
  'alreadyInvited',
  'invitationLimit',
  'tooManyMembers',
  'ownerStays',
  'sharedProjects',
  'emailTaken',
  'lastAdmin',
  'ownAccount',
  'unverified',
  'signupPasswordWrong',
  'accountDisabled',
  'mfaRequired',
  'mfaCodeWrong',
  'mfaTokenInvalid',
  'reauthRequired',
  'signupClosed',
  'tokenInvalid',
  'accessTokenInvalid',
  'accessTokenNotAllowed',
  'accessTokenReadOnly',
  'tooManyAccessTokens',
  'payloadTooLarge',
  'unsupportedMediaType',
  'imageTooLarge',
  'badRequest',
  'unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Field name → message, for validation errors. */
    fields: z.record(z.string(), z.string()).optional(),
    /** What exactly is wrong, technically (an OpenAPI document, a request to the example answers). */
    problems: z.array(z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
