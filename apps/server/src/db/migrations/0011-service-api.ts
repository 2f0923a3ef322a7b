import type { Kysely } from 'kysely';

// The API reference of each service (docs/domain.md#api-reference): every version an admin
// stored, with its documents as uploaded (shown and compared in the admin console) and with
// every internal $ref replaced (what the reference page, its JSON and the example answers read,
// so no request resolves references). The service points at the version visitors see, and holds
// the key anyone may use for its example answers.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_api_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('service.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('notes_de', 'text', (c) => c.notNull())
    .addColumn('notes_en', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('openapi', 'text', (c) => c.notNull())
    .addColumn('operations', 'integer', (c) => c.notNull())
    .addColumn('source_de', 'text', (c) => c.notNull())
    .addColumn('source_en', 'text')
    .addColumn('document_de', 'text', (c) => c.notNull())
    .addColumn('document_en', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    // The https origins of the document's servers (JSON list): pages may connect to them.
    .addColumn('server_origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('service_api_version_label_unique', ['service_id', 'version'])
    .execute();
  await db.schema
    .createIndex('service_api_version_service_idx')
    .on('service_api_version')
    .columns(['service_id', 'created_at'])
    .execute();
  await db.schema.alterTable('service').addColumn('api_version_id', 'text').execute();
  await db.schema.alterTable('service').addColumn('api_demo_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service').dropColumn('api_demo_key').execute();
  await db.schema.alterTable('service').dropColumn('api_version_id').execute();
  await db.schema.dropTable('service_api_version').execute();
}
