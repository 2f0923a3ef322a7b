import type { Insertable } from 'kysely';
import type { Db, ServiceApiVersionTable } from '../../db/database.js';

// Plain queries of the API reference versions (docs/domain.md#api-reference).

/** The columns of a version without its documents (the list and the comparison's labels). */
const versionColumns = [
  'id',
  'serviceId',
  'version',
  'notesDe',
  'notesEn',
  'title',
  'openapi',
  'operations',
  'createdAt',
  'createdBy',
  'publishedAt',
] as const;

export async function listApiVersions(db: Db, serviceId: string) {
  return db
    .selectFrom('serviceApiVersion')
    .select(versionColumns)
    .select((eb) => eb('documentEn', 'is not', null).as('hasEnglish'))
    .where('serviceId', '=', serviceId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findApiVersion(db: Db, serviceId: string, id: string) {
  return db
    .selectFrom('serviceApiVersion')
    .selectAll()
    .where('serviceId', '=', serviceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findApiVersionByLabel(db: Db, serviceId: string, version: string) {
  return db
    .selectFrom('serviceApiVersion')
    .select('id')
    .where('serviceId', '=', serviceId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function insertApiVersion(db: Db, row: Insertable<ServiceApiVersionTable>): Promise<void> {
  await db.insertInto('serviceApiVersion').values(row).execute();
}

/** Marks a version published the first time (a later publication keeps the first date). */
export async function markPublished(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('serviceApiVersion')
    .set({ publishedAt: at })
    .where('id', '=', id)
    .where('publishedAt', 'is', null)
    .execute();
}

/** The service's published version with its documents, for the reference and the example answers. */
export async function findPublishedApi(db: Db, serviceId: string) {
  return db
    .selectFrom('service')
    .innerJoin('serviceApiVersion', 'serviceApiVersion.id', 'service.apiVersionId')
    .select([
      'service.id as serviceId',
      'service.apiDemoKey as demoKey',
      'serviceApiVersion.id as versionId',
      'serviceApiVersion.version as version',
      'serviceApiVersion.publishedAt as publishedAt',
      'serviceApiVersion.notesDe as notesDe',
      'serviceApiVersion.notesEn as notesEn',
      'serviceApiVersion.documentDe as documentDe',
      'serviceApiVersion.documentEn as documentEn',
    ])
    .where('service.id', '=', serviceId)
    .where('service.retiredAt', 'is', null)
    .executeTakeFirst();
}

/** The server origins of every published reference of a service on offer. */
export async function listPublishedServerOrigins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('service')
    .innerJoin('serviceApiVersion', 'serviceApiVersion.id', 'service.apiVersionId')
    .select('serviceApiVersion.serverOrigins as origins')
    .where('service.retiredAt', 'is', null)
    .execute();
  return rows.flatMap((row) => JSON.parse(row.origins) as string[]);
}

/** Release notes of the versions published up to `until`, newest first. */
export async function listReleases(db: Db, serviceId: string, until: string) {
  return db
    .selectFrom('serviceApiVersion')
    .select(['version', 'publishedAt', 'notesDe', 'notesEn'])
    .where('serviceId', '=', serviceId)
    .where('publishedAt', 'is not', null)
    .where('publishedAt', '<=', until)
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}
