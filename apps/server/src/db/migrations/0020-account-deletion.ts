import type { Kysely } from 'kysely';

// Account deletion (docs/privacy.md#deletion): a deleted person stays as a tombstone row, because
// soft-deleted projects (their usage stays in past reports) and the audit log still point at it.
// deleted_at marks it; its address is replaced by a unique placeholder, so the unique index on
// person.email lets the real address sign up again as a new person.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('person').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('person').dropColumn('deleted_at').execute();
}
