import { z } from 'zod';
import { idSchema, languageSchema } from './common.js';
import { newPasswordSchema, PASSWORD_LIMITS } from './password.js';
import { singleLineText } from './text.js';

// The password rules live in password.ts; the limits stay importable from here too.
export { PASSWORD_LIMITS };

export const salutationSchema = z.enum(['m', 'f']);

export const personSchema = z.object({
  key: z.string(),
  id: z.string(),
  oid: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  salutation: salutationSchema.nullable(),
  language: languageSchema,
  place: z.string(),
  company: z.string(),
  /** URL of the avatar with a version for caching, or null when none was uploaded. */
  avatar: z.string().nullable(),
  /** ISO timestamp of the last change. */
  lastModified: z.string(),
  isAdmin: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** Field limits, shared by the server's schemas and the web app's forms. */
export const PERSON_LIMITS = { name: 100, place: 100, company: 150, email: 254 } as const;

const text = (max: number) => singleLineText().trim().max(max);

/** Changed fields only. email and id may be sent (the form does) but never change anything. */
export const personPatchSchema = z
  .object({
    salutation: z.union([salutationSchema, z.literal('')]).optional(),
    firstname: text(PERSON_LIMITS.name).min(1).optional(),
    lastname: text(PERSON_LIMITS.name).min(1).optional(),
    language: languageSchema.optional(),
    place: text(PERSON_LIMITS.place).optional(),
    company: text(PERSON_LIMITS.company).optional(),
    email: singleLineText().max(PERSON_LIMITS.email).optional(),
    id: idSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type PersonPatch = z.infer<typeof personPatchSchema>;

export const passwordChangeSchema = z
  .object({
    oid: idSchema.optional(),
    // Two UTF-16 units per character at most (see passwordLength).
    passwordActual: singleLineText().min(1).max(PASSWORD_LIMITS.max * 2),
    password: newPasswordSchema,
  })
  .strict();
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** A person an operator or admin creates; the address is stored in lower case. */
export const newPersonSchema = z
  .object({
    email: singleLineText()
      .trim()
      .toLowerCase()
      .max(PERSON_LIMITS.email)
      .pipe(z.email()),
    password: newPasswordSchema,
    firstname: text(PERSON_LIMITS.name).default(''),
    lastname: text(PERSON_LIMITS.name).default(''),
    company: text(PERSON_LIMITS.company).default(''),
    salutation: salutationSchema.nullable().default(null),
    language: languageSchema.default('de'),
    isAdmin: z.boolean().default(false),
  })
  .strict();
export type NewPerson = z.input<typeof newPersonSchema>;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
