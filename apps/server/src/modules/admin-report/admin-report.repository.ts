import type { Db } from '../../db/database.js';

/**
 * Every licence (deleted ones too) that existed at some time within the period, by itself: its
 * project (and whether that existed then), owner and prices are joined in memory from the
 * projects and prices lists, which spares the database three lookups for each of tens of
 * thousands of rows. Deleted licences stay billable for their months.
 */
export async function listLicencesExisting(db: Db, fromTimestamp: string, toTimestamp: string) {
  return db
    .selectFrom('serviceLicence')
    .select(['id', 'projectId', 'serviceId', 'createdAt', 'deletedAt'])
    .where('createdAt', '<=', toTimestamp)
    .where((eb) => eb.or([eb('deletedAt', 'is', null), eb('deletedAt', '>=', fromTimestamp)]))
    .execute();
}

export async function listServicePrices(db: Db) {
  return db.selectFrom('service').select(['id', 'pricePer1000Calls', 'monthlyFee', 'singlePayment']).execute();
}

/** Projects that existed within the period, so projects without licences show too. */
export async function listProjectsExisting(db: Db, fromTimestamp: string, toTimestamp: string) {
  return db
    .selectFrom('project')
    .innerJoin('person', 'person.id', 'project.ownerId')
    .select([
      'project.id as projectId',
      'project.name as projectName',
      'project.deletedAt as projectDeletedAt',
      'person.firstname as ownerFirstname',
      'person.lastname as ownerLastname',
      'person.email as ownerEmail',
    ])
    .where('project.createdAt', '<=', toTimestamp)
    .where((eb) => eb.or([eb('project.deletedAt', 'is', null), eb('project.deletedAt', '>=', fromTimestamp)]))
    .execute();
}
