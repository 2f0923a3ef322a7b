import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/connect.js';
import type { Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { hashPassword } from '../src/lib/password.js';
import type { Clock } from '../src/lib/time.js';
import { newId } from '../src/lib/ids.js';

// Every test file gets its own freshly migrated database: a temporary SQLite file, or a
// PostgreSQL schema of its own. Nothing one file writes is visible to another.

export const dialect: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Drops the schema or deletes the file. */
  destroy: () => Promise<void>;
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const file = temporarySqliteFile('portal-test');
    return openDisposableDatabase(file.url, file.remove, options);
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return openDisposableDatabase(
    postgresUrl,
    async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
    { ...options, schema },
  );
}

/** A new SQLite file's URL in the temporary directory, and how to delete it with its -wal and -shm. */
export function temporarySqliteFile(prefix: string): { url: string; remove: () => void } {
  const file = join(tmpdir(), `${prefix}-${randomBytes(6).toString('hex')}.sqlite`);
  return {
    url: `sqlite:${file}`,
    remove: () => {
      for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
    },
  };
}

/**
 * Opens a test's own database (migrated unless `migrate: false`; in `schema` on PostgreSQL);
 * destroy closes it, then `remove` deletes it.
 */
export async function openDisposableDatabase(
  url: string,
  remove: () => void | Promise<void>,
  options: { migrate?: boolean; schema?: string } = {},
): Promise<TestDatabase> {
  const handle = openDatabase(url, options.schema ? { searchPath: options.schema } : {});
  if (options.migrate !== false) await migrateToLatest(handle.db, options.schema);
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.close();
      await remove();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  database: TestDatabase;
  close: () => Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    webDist?: string;
    maxEventLoopDelayMs?: number;
    addRoutes?: (app: FastifyInstance) => void;
    /** The app's clock; the system's by default. */
    clock?: Clock;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, ...env }, options);
  // The overload guard is off unless a test is about it: three test projects share two cores,
  // and a 503 there says nothing about the behaviour under test.
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    logger: false,
    maxEventLoopDelayMs: options.maxEventLoopDelayMs ?? 0,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  options.addRoutes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

export interface TestPerson {
  id: string;
  email: string;
  password: string;
}

export async function createPerson(
  db: Kysely<Database>,
  overrides: Partial<{
    email: string;
    password: string;
    isAdmin: number;
    firstname: string;
    lastname: string;
  }> = {},
): Promise<TestPerson> {
  const id = newId();
  const email = overrides.email ?? `user-${id.toLowerCase()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const now = new Date().toISOString();
  await db
    .insertInto('person')
    .values({
      id,
      email,
      passwordHash: await hashPassword(password),
      firstname: overrides.firstname ?? 'Erika',
      lastname: overrides.lastname ?? 'Mustermann',
      salutation: 'f',
      language: 'de',
      place: 'Köln',
      company: 'Test GmbH',
      isAdmin: overrides.isAdmin ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { id, email, password };
}

/** A small catalogue without images, for tests that need services but not the demo seed. */
export async function createService(
  db: Kysely<Database>,
  overrides: Partial<{
    id: string;
    nameDe: string;
    nameEn: string;
    accounting: 'request' | 'pageview' | 'monthly';
    pricePer1000Calls: number;
    monthlyFee: number;
    singlePayment: number;
    formJson: string | null;
  }> = {},
): Promise<string> {
  const id = overrides.id ?? newId();
  const now = new Date().toISOString();
  await db
    .insertInto('service')
    .values({
      id,
      category: 'captcha',
      nameDe: overrides.nameDe ?? `Dienst ${id}`,
      nameEn: overrides.nameEn ?? `Service ${id}`,
      descriptionShortDe: 'Kurzbeschreibung',
      descriptionShortEn: 'Short description',
      descriptionDe: '<p>Beschreibung</p>',
      descriptionEn: '<p>Description</p>',
      accounting: overrides.accounting ?? 'request',
      pricePer1000Calls: overrides.pricePer1000Calls ?? 150,
      monthlyFee: overrides.monthlyFee ?? 0,
      singlePayment: overrides.singlePayment ?? 0,
      demoHref: null,
      dataCopyright: null,
      dataLastupdate: null,
      jsServiceCodeType: 'html',
      jsServiceCodeTemplate:
        '<script src="https://api.example.com/widget.js" data-key="{{licenceKey}}"></script>',
      serviceCodeBackendTemplate: null,
      formJson: overrides.formJson ?? null,
      logoMediaId: null,
      thumbnailMediaId: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function basicAuth(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`;
}

export async function login(app: FastifyInstance, person: TestPerson): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/rest/auth',
    headers: { authorization: basicAuth(person.email, person.password) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** A PNG of one colour (square unless a height is given), for uploads. */
export const png = (width: number, height = width, colour = '#36c'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body of these fields and files, for app.inject and real HTTP alike. */
export function multipartParts(parts: MultipartPart[]): { headers: Record<string, string>; payload: Buffer } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('bytes' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

/** A multipart/form-data body of one file. */
export const multipart = (
  field: string,
  filename: string,
  type: string,
  bytes: Buffer,
): { headers: Record<string, string>; payload: Buffer } => multipartParts([{ name: field, filename, type, bytes }]);

/** A person with a session: what createPerson answers and the session's bearer token. */
export interface SignedInPerson extends TestPerson {
  token: string;
}

/** Creates a person (see createPerson) and signs them in. */
export async function createSignedInPerson(
  ctx: TestContext,
  overrides: Parameters<typeof createPerson>[1] = {},
): Promise<SignedInPerson> {
  const person = await createPerson(ctx.db, overrides);
  return { ...person, token: await login(ctx.app, person) };
}

/**
 * A new project of the signed-in person with a licence of each service (added in this order),
 * through the API; answers the project's and the licences' ids.
 */
export async function createProjectWithLicences<const S extends readonly string[]>(
  ctx: TestContext,
  owner: SignedInPerson,
  serviceIds: S,
  fields: Record<string, unknown> = {},
): Promise<{ projectId: string; licenceIds: { [K in keyof S]: string } }> {
  const projectId = await createProjectViaApi(ctx.app, owner.token, owner.id, fields);
  const licenceIds: string[] = [];
  for (const serviceId of serviceIds) {
    licenceIds.push(await addLicenceViaApi(ctx.app, owner.token, projectId, serviceId));
  }
  return { projectId, licenceIds: licenceIds as { [K in keyof S]: string } };
}

/** Creates a project of the signed-in owner through the API (as the web app does); answers its id. */
export async function createProjectViaApi(
  app: FastifyInstance,
  token: string,
  ownerId: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/rest/collection/project',
    headers: bearer(token),
    payload: { projectOwner: ownerId, name: 'Shop', description: 'Online-Shop', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`project not created: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** Adds a service to a project through the API; answers the new licence's id. */
export async function addLicenceViaApi(
  app: FastifyInstance,
  token: string,
  projectId: string,
  serviceId: string,
): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: `/rest/collection/project/${projectId}/service_licence/${serviceId}`,
    headers: bearer(token),
  });
  if (res.statusCode !== 201) throw new Error(`licence not added: ${res.statusCode} ${res.body}`);
  const licences = res.json<{ licences: Array<{ id: string; service: { id: string } }> }>().licences;
  return licences.find((l) => l.service.id === serviceId)!.id;
}

export const form = (body: string): { headers: Record<string, string>; payload: string } => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: body,
});

const SNAPSHOT_TABLES: Array<keyof Database> = [
  'person',
  'project',
  'serviceLicence',
  'usageDaily',
  'contactRequest',
  'service',
  'translation',
];

/** Every row of the tables a user can change, for "nothing changed" assertions. */
export async function snapshot(db: Kysely<Database>): Promise<string> {
  const parts: string[] = [];
  for (const table of SNAPSHOT_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((r) =>
      JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? `<${v.length} bytes>` : v)),
    );
    parts.push(`${table}:${lines.sort().join('\n')}`);
  }
  return parts.join('\n---\n');
}
