import type { Kysely } from 'kysely';
import { passwordProblem } from '@portal/contract/password';
import { newPersonSchema, type NewPerson } from '@portal/contract/person';
import type { Database, Db, PersonRow, PersonUpdate } from '../../db/database.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { nowIso } from '../../lib/time.js';
import { canSignIn, endAllLinks } from '../account/account.service.js';
import { endAllSessions } from '../auth/session.service.js';
import { revokeAccessTokensOf } from '../access-token/access-token.service.js';
import {
  findActiveEmails,
  findPerson,
  findPersonByEmail,
  insertPerson,
  listPeople,
  lockActiveAdmins,
  updatePerson,
} from '../person-record/person.repository.js';

// What an operator (the `portal` command line) or an admin (the console's customers area,
// person-console.service.ts) does to accounts. Every rule lives here: addresses are unique and
// lower case, a new password or a disabled account ends every session and every mailed link of
// the person at once, and the last active admin who can sign in always stays.

async function requirePerson(db: Db, email: string): Promise<PersonRow> {
  const person = await findPersonByEmail(db, email.trim().toLowerCase());
  if (!person) throw notFound();
  return person;
}

/**
 * An admin who can sign in now: not disabled, address confirmed, a password set. An admin who
 * was invited and has not chosen a password yet does not count (see lockActiveAdmins).
 */
const isActiveAdmin = (person: PersonRow): boolean => person.isAdmin === 1 && canSignIn(person);

/**
 * Refuses a change that would leave no active admin who can sign in; call inside the changing
 * transaction. Taking the flag from an admin who cannot sign in anyway changes nothing here.
 */
async function keepAnActiveAdmin(trx: Db, person: PersonRow): Promise<void> {
  if (!isActiveAdmin(person)) return;
  const activeAdmins = await lockActiveAdmins(trx);
  if (!activeAdmins.some((id) => id !== person.id)) throw new HttpError(409, 'lastAdmin');
}

export async function addPerson(db: Kysely<Database>, input: NewPerson, at: Date): Promise<PersonRow> {
  const parsed = newPersonSchema.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'email');
    throw new HttpError(400, 'validation', { [field]: 'invalid' });
  }
  const { password, isAdmin, ...fields } = parsed.data;
  // The password rules of the contract; the schema checked all but this one, which needs the address.
  if (passwordProblem(password, fields.email)) throw new HttpError(400, 'validation', { password: 'sameAsEmail' });
  if (await findPersonByEmail(db, fields.email)) throw new HttpError(409, 'emailTaken', { email: 'invalid' });
  const now = nowIso(at);
  const id = newId();
  try {
    await insertPerson(db, {
      id,
      ...fields,
      passwordHash: await hashPassword(password),
      place: '',
      isAdmin: isAdmin ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Someone took the address between the check and the insert (unique index).
    if (await findPersonByEmail(db, fields.email)) throw new HttpError(409, 'emailTaken', { email: 'invalid' });
    throw error;
  }
  return requirePerson(db, fields.email);
}

/** Sets a new password; the person is signed out everywhere and their mailed links end. */
export async function setPassword(db: Kysely<Database>, email: string, password: string, now: Date): Promise<void> {
  const parsed = newPersonSchema.shape.password.safeParse(password);
  if (!parsed.success || passwordProblem(password, email)) throw new HttpError(400, 'validation', { password: 'invalid' });
  const passwordHash = await hashPassword(parsed.data);
  await db.transaction().execute(async (trx) => {
    const person = await requirePerson(trx, email);
    await updatePerson(trx, person.id, { passwordHash, updatedAt: nowIso(now) });
    await endAllSessions(trx, person.id);
    await revokeAccessTokensOf(trx, person.id);
    await endAllLinks(trx, person.id);
  });
}

/** What an operator or admin changes about an account (names and flags). */
export interface AccountChange {
  salutation?: 'm' | 'f' | null;
  firstname?: string;
  lastname?: string;
  company?: string;
  language?: 'de' | 'en';
  isAdmin?: boolean;
  disabled?: boolean;
}

/**
 * Applies a change inside the caller's transaction, with the rules of every account change:
 * the last active admin who can sign in stays (neither removed nor disabled), and a disabled person's sessions
 * and mailed links end at once. Fields equal to the stored ones are left out; answers the person after the
 * change, or undefined when nothing changed.
 */
export async function changeAccount(
  trx: Db,
  person: PersonRow,
  change: AccountChange,
  now: Date,
): Promise<PersonRow | undefined> {
  const update: PersonUpdate = {};
  for (const key of ['salutation', 'firstname', 'lastname', 'company', 'language'] as const) {
    const value = change[key];
    if (value !== undefined && value !== person[key]) Object.assign(update, { [key]: value });
  }
  if (change.isAdmin !== undefined && change.isAdmin !== (person.isAdmin === 1)) update.isAdmin = change.isAdmin ? 1 : 0;
  if (change.disabled !== undefined && change.disabled !== (person.disabled === 1)) update.disabled = change.disabled ? 1 : 0;
  if (Object.keys(update).length === 0) return undefined;
  if (update.isAdmin === 0 || update.disabled === 1) await keepAnActiveAdmin(trx, person);
  await updatePerson(trx, person.id, { ...update, updatedAt: nowIso(now) });
  if (update.disabled === 1) {
    await endAllSessions(trx, person.id);
    await revokeAccessTokensOf(trx, person.id);
    await endAllLinks(trx, person.id);
  }
  const after = await findPerson(trx, person.id);
  if (!after) throw new Error('changed person not found');
  return after;
}

/** Grants or removes admin rights; answers whether anything changed. */
export async function setAdmin(db: Kysely<Database>, email: string, admin: boolean, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const person = await requirePerson(trx, email);
    return (await changeAccount(trx, person, { isAdmin: admin }, now)) !== undefined;
  });
}

/** Disables (their sessions end at once) or enables a person; answers whether anything changed. */
export async function setDisabled(db: Kysely<Database>, email: string, disabled: boolean, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const person = await requirePerson(trx, email);
    return (await changeAccount(trx, person, { disabled }, now)) !== undefined;
  });
}

/** The person with this address (any case), or undefined. */
export async function accountByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  return findPersonByEmail(db, email.trim().toLowerCase());
}

/** Which of these addresses belong to people who can sign in (production refuses demo accounts). */
export async function activeAccountsAmong(db: Db, emails: readonly string[]): Promise<string[]> {
  return findActiveEmails(db, emails);
}

/** Everyone, ordered by address. */
export async function listAccounts(db: Kysely<Database>) {
  return listPeople(db);
}
