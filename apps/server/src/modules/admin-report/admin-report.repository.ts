import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

export async function listServicePrices(db: Db) {
  return db.selectFrom('service').select(['id', 'pricePer1000Calls', 'monthlyFee', 'singlePayment']).execute();
}

/** Projects that existed within the period, so projects without licences show too. */
export const listProjectsExisting = preparedQuery((db: Db, fromTimestamp: string, toTimestamp: string) =>
  db
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
    .where((eb) => eb.or([eb('project.deletedAt', 'is', null), eb('project.deletedAt', '>=', fromTimestamp)])),
);
