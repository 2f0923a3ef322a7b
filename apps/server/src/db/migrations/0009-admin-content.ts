import { sql, type Kysely } from 'kysely';

// What the admin console needs for legal pages and contact requests (docs/admin.md#content):
// legal pages get an order of their own (it was the internal name's); contact requests get a
// state and a note, and point at the outbox row of the notice mail, so the console can show
// whether it was delivered. Requests from before this migration have no such link.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('legal_page')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Keep the order visitors saw so far (by internal name).
  const pages = await db.selectFrom('legal_page').select(['id']).orderBy('interner_name').execute();
  for (const [index, page] of pages.entries()) {
    await db
      .updateTable('legal_page')
      .set({ sort_order: index + 1 })
      .where('id', '=', page.id)
      .execute();
  }

  await db.schema
    .alterTable('contact_request')
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('new').check(sql`state in ('new', 'in_progress', 'done')`),
    )
    .execute();
  await db.schema
    .alterTable('contact_request')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('contact_request').addColumn('updated_at', 'text').execute();
  await db.schema.alterTable('contact_request').addColumn('mail_id', 'text').execute();
  // The console lists newest first.
  await db.schema
    .createIndex('contact_request_created_idx')
    .on('contact_request')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_request_created_idx').ifExists().execute();
  for (const column of ['mail_id', 'updated_at', 'note', 'state']) {
    await db.schema.alterTable('contact_request').dropColumn(column).execute();
  }
  await db.schema.alterTable('legal_page').dropColumn('sort_order').execute();
}
