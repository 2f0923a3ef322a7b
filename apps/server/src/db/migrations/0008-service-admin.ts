import type { Kysely } from 'kysely';

// Services edited in the admin console. A service is never deleted while licences may refer to
// it: it is retired instead (hidden from the catalogue and from adding, still billed for the
// licences it has), and retired_at says since when. See docs/admin.md#services.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service').addColumn('retired_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service').dropColumn('retired_at').execute();
}
