import type { Insertable, Selectable } from 'kysely';
import type { AccountTokenPurpose, AccountTokenTable, Db } from '../../db/database.js';

export type AccountTokenRow = Selectable<AccountTokenTable>;

export async function insertAccountToken(db: Db, row: Insertable<AccountTokenTable>): Promise<void> {
  await db.insertInto('accountToken').values(row).execute();
}

export async function findAccountToken(db: Db, tokenHash: string): Promise<AccountTokenRow | undefined> {
  return db.selectFrom('accountToken').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/**
 * Takes the token out of the table and answers it: one statement, so of two parallel uses of
 * the same link exactly one gets the row (PostgreSQL makes the second wait for the first and
 * then finds nothing; SQLite writes one at a time).
 */
export async function takeAccountToken(
  db: Db,
  tokenHash: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<AccountTokenRow | undefined> {
  return db
    .deleteFrom('accountToken')
    .where('tokenHash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts one try of the password at a live confirmation link and answers the link, or nothing
 * when it is unknown, past its end or out of tries. One statement, before the password is
 * checked: parallel tries cannot get past the bound.
 */
export async function countSignupPasswordTry(
  db: Db,
  tokenHash: string,
  maxTries: number,
  now: string,
): Promise<AccountTokenRow | undefined> {
  return db
    .updateTable('accountToken')
    .set((eb) => ({ passwordAttempts: eb('passwordAttempts', '+', 1) }))
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', 'verify')
    .where('expiresAt', '>', now)
    .where('passwordAttempts', '<', maxTries)
    .returningAll()
    .executeTakeFirst();
}

/** Ends the person's outstanding links (of these purposes). */
export async function deleteAccountTokensOf(
  db: Db,
  personId: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<void> {
  await db
    .deleteFrom('accountToken')
    .where('personId', '=', personId)
    .where('purpose', 'in', purposes)
    .execute();
}

/**
 * Ends the confirmation links of one sign-up of the person (those that carry this password
 * hash): a link sent again replaces its older copy, not the links of other sign-ups.
 */
export async function deleteSignupLinks(db: Db, personId: string, signupPasswordHash: string): Promise<void> {
  await db
    .deleteFrom('accountToken')
    .where('personId', '=', personId)
    .where('purpose', '=', 'verify')
    .where('signupPasswordHash', '=', signupPasswordHash)
    .execute();
}

/** Housekeeping: links past their end can go (they are refused anyway). */
export async function deleteExpiredAccountTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('accountToken').where('expiresAt', '<=', now).execute();
}
