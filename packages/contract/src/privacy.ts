import type { z } from 'zod';
import { reauthSchema } from './auth.js';

// A person's data export and account deletion (docs/privacy.md#export, docs/privacy.md#deletion).

/** What bounds one export (docs/privacy.md#export). */
export const EXPORT_LIMITS = {
  /** Exports a caller may start per hour (each one reads everything about a person). */
  perHour: 3,
  /** Usage per day: the last this many days, per project. */
  usageDays: 400,
  /** Rows of any one list in the export (sessions, projects, members, audit entries, …). */
  maxRows: 5000,
} as const;

/**
 * The proof that deletes an account: the current password, or a code of the second factor (the
 * authenticator app or a recovery code). Exactly one; an earlier re-authentication does not count.
 */
export const accountDeletionSchema = reauthSchema.refine(
  (v) => [v.password, v.code, v.recoveryCode].filter((x) => x !== undefined).length === 1,
  { message: 'give exactly one of password, code and recoveryCode' },
);
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/**
 * A deleted person stays as a tombstone whose address is `deleted-<id>@` this domain (.invalid:
 * never deliverable); screens and reports show "deleted person" instead (docs/privacy.md#deletion).
 */
export const TOMBSTONE_EMAIL_DOMAIN = 'deleted.invalid';

export const isDeletedPersonEmail = (email: string): boolean => email.endsWith(`@${TOMBSTONE_EMAIL_DOMAIN}`);

/** The files of an export ZIP, in the order they are written. */
export const EXPORT_FILES = [
  'README.txt',
  'person.json',
  'sessions.json',
  'projects.json',
  'invitations.json',
  'billing-profile.json',
  'access-tokens.json',
  'contact-requests.json',
  'consents.json',
  'audit-log.json',
  'invoices.json',
] as const;
