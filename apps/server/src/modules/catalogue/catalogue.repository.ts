import type { Insertable } from 'kysely';
import type { Db, LegalPageTable, PricePackageTable, ServiceImageTable, ServiceTable } from '../../db/database.js';

/** The columns a service summary (catalogue list, a project's licences) is made of. */
export const serviceSummaryColumns = [
  'service.id',
  'service.category',
  'service.nameDe',
  'service.nameEn',
  'service.descriptionShortDe',
  'service.descriptionShortEn',
  'service.accounting',
  'service.logoMediaId',
  'service.thumbnailMediaId',
  'service.pricePer1000Calls',
  'service.monthlyFee',
  'service.singlePayment',
] as const;

export async function listServices(db: Db) {
  return db.selectFrom('service').selectAll().execute();
}

export async function findService(db: Db, id: string) {
  return db.selectFrom('service').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listServiceImages(db: Db, serviceId: string) {
  return db
    .selectFrom('serviceImage')
    .innerJoin('media', 'media.id', 'serviceImage.xlgMediaId')
    .selectAll('serviceImage')
    .select(['media.width', 'media.height'])
    .where('serviceImage.serviceId', '=', serviceId)
    .orderBy('serviceImage.position')
    .execute();
}

export async function listPricePackages(db: Db) {
  return db.selectFrom('pricePackage').selectAll().orderBy('sortOrder').orderBy('id').execute();
}

export async function listLegalPages(db: Db) {
  return db.selectFrom('legalPage').selectAll().orderBy('sortOrder').orderBy('internerName').execute();
}

export async function upsertService(db: Db, row: Insertable<ServiceTable>): Promise<void> {
  const { id: _id, createdAt: _createdAt, ...changes } = row;
  await db.insertInto('service').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
}

/** A service's gallery becomes exactly these rows (ids stay per position). */
export async function replaceServiceImages(
  db: Db,
  serviceId: string,
  rows: ReadonlyArray<Insertable<ServiceImageTable>>,
): Promise<void> {
  await db.deleteFrom('serviceImage').where('serviceId', '=', serviceId).where('position', '>=', rows.length).execute();
  for (const row of rows) {
    const { id: _id, ...changes } = row;
    await db.insertInto('serviceImage').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
  }
}

export async function listServiceImageRows(db: Db, serviceId: string) {
  return db.selectFrom('serviceImage').selectAll().where('serviceId', '=', serviceId).orderBy('position').execute();
}

export async function upsertPricePackage(db: Db, row: Insertable<PricePackageTable>): Promise<void> {
  const { id: _id, ...changes } = row;
  await db.insertInto('pricePackage').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
}

export async function upsertLegalPage(db: Db, row: Insertable<LegalPageTable>): Promise<void> {
  const { id: _id, ...changes } = row;
  await db.insertInto('legalPage').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
}
