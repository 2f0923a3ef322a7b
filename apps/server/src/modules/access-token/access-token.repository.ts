import type { AccessTokenScope } from '@portal/contract/access-token';
import type { Db } from '../../db/database.js';
import { dataVersion } from '../../db/data-version.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { sessionPersonColumns, type SessionPerson } from '../auth/session.repository.js';

// Personal access tokens (docs/security.md#personal-access-tokens). Every statement that names a
// token id names its person too, so another person's token is never read or touched.

const listedColumns = ['id', 'name', 'scope', 'createdAt', 'expiresAt', 'lastUsedAt'] as const;

export async function insertAccessToken(
  db: Db,
  row: {
    id: string;
    personId: string;
    tokenHash: string;
    name: string;
    scope: AccessTokenScope;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.insertInto('accessToken').values({ ...row, lastUsedAt: null }).execute();
}

export async function countAccessTokensOf(db: Db, personId: string): Promise<number> {
  const row = await db
    .selectFrom('accessToken')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('personId', '=', personId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The person's tokens, newest first (bounded by ACCESS_TOKEN_LIMITS.perPerson). */
export async function listAccessTokensOf(db: Db, personId: string) {
  return db
    .selectFrom('accessToken')
    .select(listedColumns)
    .where('personId', '=', personId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one token of the person; false when the person has no token of that id. */
export async function deleteAccessTokenOf(db: Db, personId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('accessToken')
    .where('id', '=', id)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteAccessTokensOf(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('accessToken').where('personId', '=', personId).execute();
}

const tokenWithPerson = preparedQuery((db: Db, tokenHash: string) =>
  db
    .selectFrom('accessToken')
    .innerJoin('person', 'person.id', 'accessToken.personId')
    .select(sessionPersonColumns)
    .select([
      'accessToken.id as tokenId',
      'accessToken.scope as tokenScope',
      'accessToken.expiresAt as tokenExpiresAt',
      'accessToken.lastUsedAt as tokenLastUsedAt',
    ])
    .select(dataVersion(db).as('dataVersion'))
    .where('accessToken.tokenHash', '=', tokenHash)
    // A disabled person's tokens are deleted when they are disabled; this keeps them out even if
    // one were left behind.
    .where('person.disabled', '=', 0),
);

export async function findAccessTokenWithPerson(
  db: Db,
  tokenHash: string,
): Promise<
  | {
      tokenId: string;
      scope: AccessTokenScope;
      expiresAt: string;
      lastUsedAt: string | null;
      dataVersion: string;
      person: SessionPerson;
    }
  | undefined
> {
  const [row] = await tokenWithPerson(db, tokenHash);
  if (!row) return undefined;
  const { tokenId, tokenScope, tokenExpiresAt, tokenLastUsedAt, dataVersion, ...person } = row;
  return { tokenId, scope: tokenScope, expiresAt: tokenExpiresAt, lastUsedAt: tokenLastUsedAt, dataVersion, person };
}

export async function touchAccessToken(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('accessToken').set({ lastUsedAt: now }).where('id', '=', id).execute();
}
