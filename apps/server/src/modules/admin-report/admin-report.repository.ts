import type { Db } from '../../db/database.js';

/**
 * Every licence (deleted ones too) that existed at some time within the period, with its
 * project, owner and the service's prices. Deleted licences stay billable for their months.
 */
export async function listBillableLicences(db: Db, fromTimestamp: string, toTimestamp: string) {
  return db
    .selectFrom('serviceLicence')
    .innerJoin('project', 'project.id', 'serviceLicence.projectId')
    .innerJoin('person', 'person.id', 'project.ownerId')
    .innerJoin('service', 'service.id', 'serviceLicence.serviceId')
    .select([
      'serviceLicence.id as licenceId',
      'serviceLicence.createdAt as createdAt',
      'serviceLicence.deletedAt as deletedAt',
      'project.id as projectId',
      'project.name as projectName',
      'project.deletedAt as projectDeletedAt',
      'person.firstname as ownerFirstname',
      'person.lastname as ownerLastname',
      'person.email as ownerEmail',
      'service.pricePer1000Calls as pricePer1000Calls',
      'service.monthlyFee as monthlyFee',
      'service.singlePayment as singlePayment',
    ])
    .where('serviceLicence.createdAt', '<=', toTimestamp)
    .where((eb) => eb.or([eb('serviceLicence.deletedAt', 'is', null), eb('serviceLicence.deletedAt', '>=', fromTimestamp)]))
    .where((eb) => eb.or([eb('project.deletedAt', 'is', null), eb('project.deletedAt', '>=', fromTimestamp)]))
    .execute();
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
