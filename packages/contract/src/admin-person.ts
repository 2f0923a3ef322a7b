import { z } from 'zod';
import { invitationSchema } from './account.js';
import { pageQueryShape, pageSchema } from './admin-common.js';
import { i18nTextSchema, idSchema, languageSchema } from './common.js';
import { formBoolean } from './form-values.js';
import { PERSON_LIMITS, salutationSchema } from './person.js';
import { singleLineText } from './text.js';

// Customers in the admin console (docs/admin.md#customers). The GET of one person answers the
// shape its PATCH accepts: a tool can read a person, change a field and send it all back. Read-only
// parts (address, state, projects) may come back; they are ignored.

const text = (max: number) => singleLineText().trim().max(max);

export const CUSTOMER_SEARCH_MAX = 100;

export const adminPersonListQuerySchema = z
  .object({
    ...pageQueryShape,
    /** Part of the name, address or company (any case). */
    q: text(CUSTOMER_SEARCH_MAX).optional(),
  })
  .strict();
export type AdminPersonListQuery = z.output<typeof adminPersonListQuerySchema>;

export const adminPersonListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  verified: z.boolean(),
  /** ISO timestamp of the last sign-in; null: never signed in. */
  lastSignInAt: z.string().nullable(),
  /** Projects the person owns, and the licences in them. */
  projects: z.number().int(),
  licences: z.number().int(),
});
export type AdminPersonListItem = z.infer<typeof adminPersonListItemSchema>;

export const adminPersonPageSchema = pageSchema(adminPersonListItemSchema);
export type AdminPersonPage = z.infer<typeof adminPersonPageSchema>;

export const adminPersonLicenceSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: i18nTextSchema,
  licenceKey: z.string(),
  online: z.boolean(),
  createdAt: z.string(),
});

export const adminPersonProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  licences: z.array(adminPersonLicenceSchema),
});
export type AdminPersonProject = z.infer<typeof adminPersonProjectSchema>;

/** What an admin may change; every field optional in a PATCH. */
const editable = {
  salutation: salutationSchema.nullable(),
  firstname: text(PERSON_LIMITS.name),
  lastname: text(PERSON_LIMITS.name),
  company: text(PERSON_LIMITS.company),
  language: languageSchema,
  isAdmin: z.boolean(),
  /** true: cannot sign in, every session ends at once. */
  disabled: z.boolean(),
};

const readOnly = {
  id: z.string(),
  email: z.string(),
  verified: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  projects: z.array(adminPersonProjectSchema),
};

export const adminPersonSchema = z.object({ ...readOnly, ...editable });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/**
 * A change: any part of the GET answer. Forms send strings: '' is no salutation, flags may be
 * 'true'/'false'. The read-only parts are accepted and ignored.
 */
export const adminPersonPatchSchema = z
  .object({
    salutation: z
      .union([salutationSchema, z.literal(''), z.null()])
      .transform((v) => (v === '' ? null : v))
      .optional(),
    firstname: editable.firstname.optional(),
    lastname: editable.lastname.optional(),
    company: editable.company.optional(),
    language: languageSchema.optional(),
    isAdmin: formBoolean.optional(),
    disabled: formBoolean.optional(),
    id: idSchema.optional(),
    email: singleLineText().max(PERSON_LIMITS.email).optional(),
    verified: formBoolean.optional(),
    lastSignInAt: z.string().max(40).nullable().optional(),
    createdAt: z.string().max(40).optional(),
    projects: z.array(adminPersonProjectSchema).optional(),
  })
  .strict();
export type AdminPersonPatch = z.input<typeof adminPersonPatchSchema>;

/** A new customer: invited by mail, chooses a password through the link (as the invitation command). */
export const adminInviteSchema = invitationSchema.extend({
  salutation: z
    .union([salutationSchema, z.literal(''), z.null()])
    .transform((v) => (v === '' ? null : v))
    .default(null),
  isAdmin: formBoolean.default(false),
});
export type AdminInvite = z.input<typeof adminInviteSchema>;
