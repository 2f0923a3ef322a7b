import { sql, type Kysely } from 'kysely';

// Shared projects (docs/domain.md#ownership). The owner stays in project.owner_id; the other
// members (editor, viewer) get a row each, and an invitation waits in its own table until the
// invited person accepts or declines it. An invitation always names a person: an unknown
// address is given an invited account first.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_member')
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'viewer')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_member_pk', ['project_id', 'person_id'])
    .execute();
  await db.schema.createIndex('project_member_person_idx').on('project_member').column('person_id').execute();

  await db.schema
    .createTable('project_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'viewer')`))
    .addColumn('invited_by', 'text', (c) => c.references('person.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('project_invitation_project_person_key', ['project_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('project_invitation_person_idx')
    .on('project_invitation')
    .column('person_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_invitation').ifExists().execute();
  await db.schema.dropTable('project_member').ifExists().execute();
}
