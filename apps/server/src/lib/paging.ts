import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Page, PageQuery } from '@portal/contract/admin-common';
import type { Database, Db } from '../db/database.js';

/**
 * One page of an ordered query (docs/admin.md#paged-lists): the rows of the page and the count
 * of the whole list, both from the same query, so the filter is written once. The count wraps
 * the query (grouped queries count their groups). A page past the end is empty, not an error.
 */
export async function pageOf<O, T>(
  db: Db,
  query: SelectQueryBuilder<Database, keyof Database, O>,
  { page, pageSize }: PageQuery,
  map: (row: O) => T,
): Promise<Page<T>> {
  const rows = await query
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const counted = await (db as Kysely<Database>)
    .selectFrom(query.clearOrderBy().as('listed'))
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(map), page, pageSize, total: Number(counted.total) };
}
