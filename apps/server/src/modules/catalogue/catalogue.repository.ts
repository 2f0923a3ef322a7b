import type { Db } from '../../db/database.js';

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
  return db.selectFrom('legalPage').selectAll().orderBy('internerName').execute();
}
