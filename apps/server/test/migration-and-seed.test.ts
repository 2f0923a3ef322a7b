import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import * as initialSchema from '../src/db/migrations/0001-initial-schema.js';
import * as operators from '../src/db/migrations/0002-operators.js';
import * as accounts from '../src/db/migrations/0003-accounts.js';
import * as signupLinks from '../src/db/migrations/0012-signup-links.js';
import * as contactTopic from '../src/db/migrations/0014-contact-topic.js';
import { prepareDatabase } from '../src/seed/prepare-database.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import { countRows, createTestDatabase, dialect, type TestDatabase } from './helper.js';

const TABLES: Array<keyof Database> = [
  'person',
  'session',
  'knownDevice',
  'media',
  'service',
  'serviceImage',
  'serviceApiVersion',
  'project',
  'serviceLicence',
  'usageDaily',
  'usageMonthly',
  'pricePackage',
  'legalPage',
  'translation',
  'contactRequest',
  'mailOutbox',
  'accountToken',
  'auditLog',
  'projectMember',
  'projectInvitation',
  'licenceKeyRetired',
  'usageAlertSent',
  'personTotp',
  'recoveryCode',
  'mfaToken',
  'retentionRun',
  'billingProfile',
  'sellerSettings',
  'accessToken',
  'webhookEndpoint',
  'webhookDelivery',
];

describe('migrations and demo seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('migrates a fresh database to the whole data model, and a second run changes nothing', async () => {
    expect(await migrateToLatest(database.db, database.schema)).toEqual([
      '0001-initial-schema',
      '0002-operators',
      '0003-accounts',
      '0004-usage-rollup',
      '0005-project-members',
      '0006-licence-tools',
      '0007-audit-log',
      '0008-service-admin',
      '0009-admin-content',
      '0010-usage-rollup-per-statement',
      '0011-service-api',
      '0012-signup-links',
      '0013-signup-link-attempts',
      '0014-contact-topic',
      '0015-session-device',
      '0016-second-factor',
      '0017-privacy',
      '0018-billing',
      '0019-access-token',
      '0020-account-deletion',
      '0021-webhook',
    ]);
    expect(await migrateToLatest(database.db, database.schema)).toEqual([]);
    for (const table of TABLES) expect(await countRows(database.db, table)).toBe(0);
  });

  it('seeds the demo content, and seeding again duplicates nothing', async () => {
    const log: string[] = [];
    const options = { dialect, schema: database.schema, production: false, demo: true, now: new Date(), log: (l: string) => void log.push(l) };
    await prepareDatabase(database.db, options);
    const first = Object.fromEntries(
      await Promise.all(TABLES.map(async (t) => [t, await countRows(database.db, t)] as const)),
    );
    expect(first.service).toBeGreaterThanOrEqual(6);
    expect(first.pricePackage).toBeGreaterThanOrEqual(3);
    expect(first.legalPage).toBe(3);
    expect(first.person).toBe(2);
    expect(first.usageDaily).toBeGreaterThan(200);
    // Every demo service has a published API reference in both languages.
    expect(first.serviceApiVersion).toBe(first.service);
    const unpublished = await database.db.selectFrom('service').select('id').where('apiVersionId', 'is', null).execute();
    expect(unpublished).toEqual([]);
    expect(first.translation).toBe(readShippedTranslations().length);

    await prepareDatabase(database.db, options);
    for (const table of TABLES) expect(await countRows(database.db, table)).toBe(first[table]);
  }, 180_000);

  it('keeps what users changed when the seed runs again', async () => {
    await database.db.updateTable('project').set({ name: 'Umbenannt' }).where('id', '=', 'demoProjShop').execute();
    await prepareDatabase(database.db, { dialect, schema: database.schema, production: false, demo: true, now: new Date(), log: () => undefined });
    const project = await database.db
      .selectFrom('project')
      .select('name')
      .where('id', '=', 'demoProjShop')
      .executeTakeFirstOrThrow();
    expect(project.name).toBe('Umbenannt');
  }, 180_000);

  it('gives every demo service a gallery, a logo and texts in both languages', async () => {
    const services = await database.db.selectFrom('service').selectAll().execute();
    for (const s of services) {
      expect(s.nameDe && s.nameEn && s.descriptionDe && s.descriptionEn).toBeTruthy();
      expect(s.logoMediaId).not.toBeNull();
      const images = await database.db.selectFrom('serviceImage').select('id').where('serviceId', '=', s.id).execute();
      expect(images.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('counts every account that exists before the accounts migration as verified', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      await initialSchema.up(fresh.db);
      await operators.up(fresh.db);
      const now = new Date().toISOString();
      await fresh.db
        .insertInto('person')
        .values({ id: 'before0003', email: 'old@example.com', passwordHash: 'x', firstname: 'Alt', lastname: 'Konto', salutation: null, language: 'de', place: '', company: '', isAdmin: 0, createdAt: now, updatedAt: now })
        .execute();
      await accounts.up(fresh.db);
      const row = await fresh.db.selectFrom('person').select('verified').where('id', '=', 'before0003').executeTakeFirstOrThrow();
      expect(row.verified).toBe(1);
    } finally {
      await fresh.destroy();
    }
  });

  it('removes confirmation links that carry no sign-up (0012), keeps the other links, and goes down again', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(fresh.db, fresh.schema);
      await signupLinks.down(fresh.db);
      const now = new Date().toISOString();
      await fresh.db
        .insertInto('person')
        .values({ id: 'waiting', email: 'wait@example.com', passwordHash: 'x', firstname: 'W', lastname: 'A', salutation: null, language: 'de', place: '', company: '', isAdmin: 0, verified: 0, createdAt: now, updatedAt: now })
        .execute();
      // Rows as they were before 0012: without the sign-up's columns.
      for (const [id, purpose] of [['old-verify', 'verify'], ['old-reset', 'reset']]) {
        await sql`insert into account_token (id, token_hash, person_id, purpose, created_at, expires_at)
          values (${id}, ${`hash-${id}`}, 'waiting', ${purpose}, ${now}, ${now})`.execute(fresh.db);
      }
      await signupLinks.up(fresh.db);
      const left = await fresh.db.selectFrom('accountToken').select(['id', 'signupPasswordHash', 'signupProfile']).execute();
      expect(left).toEqual([{ id: 'old-reset', signupPasswordHash: null, signupProfile: null }]);
      await signupLinks.down(fresh.db);
      await signupLinks.up(fresh.db);
    } finally {
      await fresh.destroy();
    }
  });

  it('keeps contact requests from before 0014 as questions without a package, and goes down again', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      await migrateToLatest(fresh.db, fresh.schema);
      await contactTopic.down(fresh.db);
      const now = new Date().toISOString();
      await sql`insert into contact_request (id, firstname, subname, email, message, terms_accepted, language, created_at)
        values ('before0014', 'A', 'B', 'a@example.com', 'Hallo', 1, 'de', ${now})`.execute(fresh.db);
      await contactTopic.up(fresh.db);
      const row = await fresh.db
        .selectFrom('contactRequest')
        .select(['topic', 'packageNameDe', 'packageNameEn'])
        .where('id', '=', 'before0014')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ topic: 'question', packageNameDe: null, packageNameEn: null });
      await contactTopic.down(fresh.db);
      await contactTopic.up(fresh.db);
    } finally {
      await fresh.destroy();
    }
  });

  it('never seeds demo data in production', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const result = await prepareDatabase(fresh.db, { dialect, schema: fresh.schema, production: true, demo: undefined, now: new Date(), log: () => undefined });
      expect(result.seeded).toBe(false);
      expect(await countRows(fresh.db, 'person')).toBe(0);
      expect(await countRows(fresh.db, 'translation')).toBeGreaterThan(0);
    } finally {
      await fresh.destroy();
    }
  });
});
