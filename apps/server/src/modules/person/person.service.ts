import type { Kysely } from 'kysely';
import { passwordProblem } from '@portal/contract/password';
import type { PersonPatch } from '@portal/contract/person';
import type { Database, PersonRow, PersonUpdate } from '../../db/database.js';
import type { FieldProblem } from '../../lib/error-messages.js';
import { HttpError, notFound, validation } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/time.js';
import { endAllLinks } from '../account/account.service.js';
import { endOtherSessions } from '../auth/session.service.js';
import { revokeAccessTokensOf } from '../access-token/access-token.service.js';
import { normaliseAvatar } from './avatar.service.js';
import { findAvatar, findPasswordHash, findPerson, saveAvatar, updatePerson } from '../person-record/person.repository.js';
import type { SessionPerson } from '../auth/session.repository.js';

async function reload(db: Kysely<Database>, id: string): Promise<PersonRow> {
  const person = await findPerson(db, id);
  if (!person) throw notFound();
  return person;
}

/**
 * Changes the person's own data (only the fields sent). The profile form sends e-mail and id
 * along; they may be sent but never change.
 */
export async function changeOwnData(
  db: Kysely<Database>,
  user: SessionPerson,
  input: PersonPatch,
  now: Date,
): Promise<PersonRow> {
  const { email, id, salutation, ...rest } = input;
  const fields: Record<string, FieldProblem> = {};
  if (email !== undefined && email.trim().toLowerCase() !== user.email) fields.email = 'invalid';
  if (id !== undefined && id !== user.id) fields.id = 'invalid';
  if (Object.keys(fields).length > 0) throw validation(fields);
  const changes: PersonUpdate = { ...rest, updatedAt: nowIso(now) };
  if (salutation !== undefined) changes.salutation = salutation === '' ? null : salutation;
  await updatePerson(db, user.id, changes);
  return reload(db, user.id);
}

/**
 * A new password needs the current one; every other session of the person ends, so do their
 * personal access tokens, and so does
 * every link mailed to them (a reset link must not outlive the password it was meant to replace).
 */
export async function changePassword(
  db: Kysely<Database>,
  user: SessionPerson,
  sessionId: string | null,
  input: { passwordActual: string; password: string },
  now: Date,
): Promise<void> {
  const stored = await findPasswordHash(db, user.id);
  if (stored === undefined || !(await verifyPassword(stored, input.passwordActual))) {
    throw new HttpError(400, 'pwWrong', { passwordActual: 'invalid' });
  }
  // The other password rules are in the route's schema; this one needs the account.
  if (passwordProblem(input.password, user.email) === 'sameAsEmail') throw validation({ password: 'sameAsEmail' });
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await updatePerson(trx, user.id, { passwordHash, updatedAt: nowIso(now) });
    if (sessionId) await endOtherSessions(trx, user.id, sessionId);
    await revokeAccessTokensOf(trx, user.id);
    await endAllLinks(trx, user.id);
  });
}

/** Re-encodes the upload (see avatar.service.ts) and stores it as the next avatar version. */
export async function replaceAvatar(db: Kysely<Database>, user: SessionPerson, upload: Buffer, now: Date): Promise<PersonRow> {
  await saveAvatar(db, user.id, await normaliseAvatar(upload), nowIso(now));
  return reload(db, user.id);
}

export async function avatarOf(db: Kysely<Database>, user: SessionPerson): Promise<Buffer> {
  const avatar = await findAvatar(db, user.id);
  if (!avatar?.avatarWebp) throw notFound();
  return avatar.avatarWebp;
}
