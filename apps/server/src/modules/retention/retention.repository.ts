import type { Db } from '../../db/database.js';

// Deletions of the retention job (docs/privacy.md#retention). Each takes at most `limit` rows:
// it picks their ids first and then deletes those ids only while the condition still holds, in
// one statement. So a run over a huge backlog stays bounded, a row that changed meanwhile (a
// sign-up confirmed a moment ago) stays, and two instances deleting at once remove each row once
// (the second DELETE finds it gone and counts nothing).

/** How many rows one statement deletes at most. */
export const RETENTION_BATCH = 500;

/** Sessions past their idle or absolute end (they are refused anyway). */
export async function deleteExpiredSessionBatch(
  db: Db,
  cutoffs: { idleBefore: string; now: string },
  limit = RETENTION_BATCH,
): Promise<number> {
  const ids = await db
    .selectFrom('session')
    .select('id')
    .where((eb) => eb.or([eb('lastSeenAt', '<', cutoffs.idleBefore), eb('absoluteExpiresAt', '<', cutoffs.now)]))
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('session')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where((eb) => eb.or([eb('lastSeenAt', '<', cutoffs.idleBefore), eb('absoluteExpiresAt', '<', cutoffs.now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Mailed links (confirmation, password reset, invitation) past their end: refused anyway. */
export async function deleteExpiredTokenBatch(db: Db, now: string, limit = RETENTION_BATCH): Promise<number> {
  const ids = await db.selectFrom('accountToken').select('id').where('expiresAt', '<=', now).limit(limit).execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('accountToken')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Personal access tokens past their expiry (refused anyway; docs/security.md#personal-access-tokens).
 */
export async function deleteExpiredAccessTokenBatch(db: Db, now: string, limit = RETENTION_BATCH): Promise<number> {
  const ids = await db.selectFrom('accessToken').select('id').where('expiresAt', '<', now).limit(limit).execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('accessToken')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('expiresAt', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Second-step tokens of a sign-in (password given, code pending) past their end: refused anyway. */
export async function deleteExpiredMfaTokenBatch(db: Db, now: string, limit = RETENTION_BATCH): Promise<number> {
  const rows = await db.selectFrom('mfaToken').select('tokenHash').where('expiresAt', '<=', now).limit(limit).execute();
  if (rows.length === 0) return 0;
  const result = await db
    .deleteFrom('mfaToken')
    .where(
      'tokenHash',
      'in',
      rows.map((r) => r.tokenHash),
    )
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Browsers a person has not signed in with since the cutoff: forgotten, so a sign-in from one
 * of them mails "new sign-in" again (docs/security.md#new-sign-in-mail).
 */
export async function deleteStaleKnownDeviceBatch(
  db: Db,
  usedBefore: string,
  limit = RETENTION_BATCH,
): Promise<number> {
  const rows = await db
    .selectFrom('knownDevice')
    .select(['personId', 'deviceHash'])
    .where('lastUsedAt', '<', usedBefore)
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const result = await db
    .deleteFrom('knownDevice')
    .where(
      'deviceHash',
      'in',
      rows.map((r) => r.deviceHash),
    )
    .where('lastUsedAt', '<', usedBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Invitations to a project that nobody accepted or declined before the cutoff. */
export async function deleteOldProjectInvitationBatch(
  db: Db,
  createdBefore: string,
  limit = RETENTION_BATCH,
): Promise<number> {
  const ids = await db
    .selectFrom('projectInvitation')
    .select('id')
    .where('createdAt', '<', createdBefore)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('projectInvitation')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('createdAt', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Outbox rows of mails sent or given up before the cutoff (their bodies went at once; the row
 * told admins what was delivered). Queued mails are never touched, however old.
 */
export async function deleteOldMailBatch(db: Db, createdBefore: string, limit = RETENTION_BATCH): Promise<number> {
  const ids = await db
    .selectFrom('mailOutbox')
    .select('id')
    .where('state', 'in', ['sent', 'failed'])
    .where('createdAt', '<', createdBefore)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('mailOutbox')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('state', 'in', ['sent', 'failed'])
    .where('createdAt', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Sign-ups whose address was never confirmed and whose last sign-up attempt is older than the
 * cutoff. Only self-made sign-ups (they carry a password hash; an invited account has none and
 * is the inviting admin's to remove), never an admin, never a person who owns a project or
 * belongs to one, and never while a link of theirs is still valid. Their confirmation links,
 * sessions (none: they cannot sign in) and pending project invitations go with them.
 */
export async function deleteUnverifiedSignupBatch(
  db: Db,
  cutoffs: { updatedBefore: string; now: string },
  limit = RETENTION_BATCH,
): Promise<number> {
  const candidates = () =>
    db
      .selectFrom('person')
      .select('person.id')
      .where('person.verified', '=', 0)
      .where('person.passwordHash', '!=', '')
      .where('person.isAdmin', '=', 0)
      .where('person.updatedAt', '<', cutoffs.updatedBefore)
      .where('person.createdAt', '<', cutoffs.updatedBefore)
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom('project').select('project.id').whereRef('project.ownerId', '=', 'person.id'))),
          eb.not(
            eb.exists(
              eb
                .selectFrom('projectMember')
                .select('projectMember.personId')
                .whereRef('projectMember.personId', '=', 'person.id'),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('accountToken')
                .select('accountToken.id')
                .whereRef('accountToken.personId', '=', 'person.id')
                .where('accountToken.expiresAt', '>', cutoffs.now),
            ),
          ),
        ]),
      );
  const ids = await candidates().limit(limit).execute();
  if (ids.length === 0) return 0;
  // The same conditions again in the DELETE: a confirmation between the look and the delete keeps
  // the account (PostgreSQL re-checks a row changed meanwhile; SQLite runs writes one at a time).
  const result = await db
    .deleteFrom('person')
    .where(
      'id',
      'in',
      candidates().where(
        'person.id',
        'in',
        ids.map((r) => r.id),
      ),
    )
    .where('verified', '=', 0)
    .where('passwordHash', '!=', '')
    .where('updatedAt', '<', cutoffs.updatedBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Contact requests that arrived before the cutoff. */
export async function deleteOldContactRequestBatch(
  db: Db,
  createdBefore: string,
  limit = RETENTION_BATCH,
): Promise<number> {
  const ids = await db
    .selectFrom('contactRequest')
    .select('id')
    .where('createdAt', '<', createdBefore)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('contactRequest')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('createdAt', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims the day's run: true for exactly one caller per day, however many instances try at once
 * (the day is the primary key; the losers' inserts do nothing).
 */
export async function claimRetentionDay(db: Db, day: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('retentionRun')
    .values({ day, startedAt: now, finishedAt: null, deletedJson: null })
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function finishRetentionDay(db: Db, day: string, now: string, deleted: object): Promise<void> {
  await db
    .updateTable('retentionRun')
    .set({ finishedAt: now, deletedJson: JSON.stringify(deleted) })
    .where('day', '=', day)
    .execute();
}
