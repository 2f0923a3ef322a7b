import type { Insertable, Selectable } from 'kysely';
import type { Db, MailOutboxTable, MailState } from '../../db/database.js';

export type OutboxRow = Selectable<MailOutboxTable>;

export async function insertMail(db: Db, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mailOutbox').values(row).execute();
}

/** How many due mails a worker looks at per claim; another instance may take some first. */
const CLAIM_CANDIDATES = 5;

/**
 * Takes one due mail for this worker until `leaseUntil`, or answers undefined. The claim is a
 * single conditional UPDATE: when two workers pick the same row, PostgreSQL makes the second
 * wait for the first and re-check the condition (no longer true), SQLite runs writes one at a
 * time; either way exactly one of them gets the row.
 */
/** How many mails of `kind` were queued for `to` since `since`. */
export async function mailsOfKindSince(db: Db, kind: string, to: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('kind', '=', kind)
    .where('toAddress', '=', to)
    .where('createdAt', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function claimNextMail(db: Db, now: string, leaseUntil: string): Promise<OutboxRow | undefined> {
  const due = await db
    .selectFrom('mailOutbox')
    .select('id')
    .where('state', '=', 'queued')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .orderBy('nextAttemptAt')
    .limit(CLAIM_CANDIDATES)
    .execute();
  for (const { id } of due) {
    const claimed = await db
      .updateTable('mailOutbox')
      .set((eb) => ({ lockedUntil: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

/**
 * Once a mail is sent or given up, its body is not kept: verification, reset and invitation
 * mails carry a live sign-in link, which must not stay readable in the database until it
 * expires. The subject, recipient and state stay for admins.
 */
const FORGET_BODY = { textBody: '', htmlBody: '' } as const;

export async function markMailSent(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ state: 'sent', sentAt: now, lockedUntil: null, lastError: null, ...FORGET_BODY })
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: queued again for `nextAttemptAt`, or failed for good. */
export async function markMailAttemptFailed(
  db: Db,
  id: string,
  change: { state: Extract<MailState, 'queued' | 'failed'>; lastError: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ ...change, lockedUntil: null, ...(change.state === 'failed' ? FORGET_BODY : {}) })
    .where('id', '=', id)
    .execute();
}

export async function listMail(db: Db, query: { state?: MailState | undefined; limit: number }) {
  return db
    .selectFrom('mailOutbox')
    .select([
      'id',
      'kind',
      'toAddress',
      'subject',
      'language',
      'state',
      'attempts',
      'lastError',
      'createdAt',
      'nextAttemptAt',
      'sentAt',
    ])
    .$if(query.state !== undefined, (qb) => qb.where('state', '=', query.state as MailState))
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(query.limit)
    .execute();
}
