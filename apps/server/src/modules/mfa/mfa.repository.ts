import type { Db } from '../../db/database.js';

export async function findTotp(
  db: Db,
  personId: string,
): Promise<{ secret: string; confirmedAt: string | null; lastTimeStep: number } | undefined> {
  const row = await db
    .selectFrom('personTotp')
    .select(['secret', 'confirmedAt', 'lastTimeStep'])
    .where('personId', '=', personId)
    .executeTakeFirst();
  return row && { ...row, lastTimeStep: Number(row.lastTimeStep) };
}

/** A new, not yet confirmed secret in place of any earlier one that was not confirmed. */
export async function replacePendingTotp(
  db: Db,
  personId: string,
  secret: string,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('personTotp')
    .where('personId', '=', personId)
    .where('confirmedAt', 'is', null)
    .execute();
  await db.insertInto('personTotp').values({ personId, secret, createdAt: now, confirmedAt: null }).execute();
}

/**
 * Accepts a code of `timeStep` (and, when confirming, the secret `secret` not yet confirmed):
 * only if no code of this or a later step was accepted before. One statement, so of two
 * requests with the same code exactly one succeeds.
 */
export async function acceptTimeStep(
  db: Db,
  personId: string,
  timeStep: number,
  confirm?: { secret: string; now: string },
): Promise<boolean> {
  let query = db
    .updateTable('personTotp')
    .set({ lastTimeStep: timeStep, ...(confirm ? { confirmedAt: confirm.now } : {}) })
    .where('personId', '=', personId)
    .where('lastTimeStep', '<', timeStep);
  query = confirm
    ? query.where('confirmedAt', 'is', null).where('secret', '=', confirm.secret)
    : query.where('confirmedAt', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('personTotp').where('personId', '=', personId).execute();
}

export async function replaceRecoveryCodes(
  db: Db,
  personId: string,
  rows: Array<{ id: string; codeHash: string }>,
  now: string,
): Promise<void> {
  await db.deleteFrom('recoveryCode').where('personId', '=', personId).execute();
  await db
    .insertInto('recoveryCode')
    .values(rows.map((r) => ({ ...r, personId, createdAt: now, usedAt: null })))
    .execute();
}

/** Marks an unused code used; true for exactly one of parallel requests with the same code. */
export async function useRecoveryCode(
  db: Db,
  personId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recoveryCode')
    .set({ usedAt: now })
    .where('personId', '=', personId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, personId: string): Promise<number> {
  const row = await db
    .selectFrom('recoveryCode')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('personId', '=', personId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodes(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('recoveryCode').where('personId', '=', personId).execute();
}

export async function insertMfaToken(
  db: Db,
  row: { tokenHash: string; personId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('mfaToken').values(row).execute();
}

export async function findMfaToken(
  db: Db,
  tokenHash: string,
): Promise<{ personId: string; expiresAt: string } | undefined> {
  return db
    .selectFrom('mfaToken')
    .select(['personId', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Deletes the token; true for exactly one of parallel requests. */
export async function takeMfaToken(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('mfaToken').where('tokenHash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteMfaTokens(db: Db, personId: string, expiredBefore?: string): Promise<void> {
  let query = db.deleteFrom('mfaToken').where('personId', '=', personId);
  if (expiredBefore) query = query.where('expiresAt', '<', expiredBefore);
  await query.execute();
}

export async function findReauthenticatedAt(db: Db, sessionId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('session')
    .select('reauthenticatedAt')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.reauthenticatedAt;
}

export async function markReauthenticated(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('session').set({ reauthenticatedAt: now }).where('id', '=', sessionId).execute();
}
