import type { Kysely } from 'kysely';

// Privacy (docs/privacy.md):
// - a contact request keeps which privacy text its sender accepted (the "datenschutz" legal
//   page's updated_at at the time, null when the portal had none) and when;
// - retention_run holds one row per day on which the retention job ran: the row is the claim that
//   lets exactly one of several instances do the day's run (docs/privacy.md#retention).
// Requests from before this migration have no consent record (both columns null).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_request').addColumn('privacy_version', 'text').execute();
  await db.schema.alterTable('contact_request').addColumn('privacy_accepted_at', 'text').execute();
  await db.schema
    .createTable('retention_run')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('deleted_json', 'text')
    .execute();
  // The job looks for old unverified sign-ups by these columns.
  await db.schema.createIndex('person_unverified_idx').on('person').columns(['verified', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('person_unverified_idx').ifExists().execute();
  await db.schema.dropTable('retention_run').ifExists().execute();
  await db.schema.alterTable('contact_request').dropColumn('privacy_accepted_at').execute();
  await db.schema.alterTable('contact_request').dropColumn('privacy_version').execute();
}
