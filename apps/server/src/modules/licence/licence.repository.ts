import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { serviceSummaryColumns } from '../catalogue/catalogue.repository.js';

const liveLicencesOfProjects = preparedQuery((db: Db, projectIds: readonly string[], month: string) =>
  db
    .selectFrom('serviceLicence')
    .innerJoin('service', 'service.id', 'serviceLicence.serviceId')
    .leftJoin('usageMonthly', (join) =>
      join.onRef('usageMonthly.licenceId', '=', 'serviceLicence.id').on('usageMonthly.month', '=', month),
    )
    .select(serviceSummaryColumns)
    .select([
      'serviceLicence.id as licenceId',
      'serviceLicence.projectId as projectId',
      'serviceLicence.online as online',
      'serviceLicence.createdAt as licenceCreatedAt',
      'usageMonthly.count as callsInMonth',
    ])
    .where('serviceLicence.projectId', 'in', projectIds)
    .where('serviceLicence.deletedAt', 'is', null)
    .orderBy('serviceLicence.createdAt')
    .orderBy('serviceLicence.id'),
);

/**
 * Live licences of the given projects with their services' summaries and their calls in the
 * calendar month ('YYYY-MM'), oldest first.
 */
export async function listLiveLicencesOfProjects(db: Db, projectIds: readonly string[], month: string) {
  if (projectIds.length === 0) return [];
  return liveLicencesOfProjects(db, projectIds, month);
}

const liveLicence = preparedQuery((db: Db, licenceId: string) =>
  db
    .selectFrom('serviceLicence')
    .innerJoin('project', 'project.id', 'serviceLicence.projectId')
    .innerJoin('person', 'person.id', 'project.ownerId')
    .innerJoin('service', 'service.id', 'serviceLicence.serviceId')
    .select([
      'service.id',
      'service.nameDe',
      'service.nameEn',
      'service.accounting',
      'service.logoMediaId',
      'service.jsServiceCodeType',
      'service.jsServiceCodeTemplate',
      'service.serviceCodeBackendTemplate',
      'service.formJson',
      'service.apiVersionId',
      'serviceLicence.id as licenceId',
      'serviceLicence.licenceKey as licenceKey',
      'serviceLicence.online as online',
      'serviceLicence.formdata as formdata',
      'serviceLicence.createdAt as licenceCreatedAt',
      'project.id as projectId',
      'project.name as projectName',
      'person.firstname as ownerFirstname',
      'person.lastname as ownerLastname',
      'person.email as ownerEmail',
    ])
    .where('serviceLicence.id', '=', licenceId)
    .where('serviceLicence.deletedAt', 'is', null)
    .where('project.deletedAt', 'is', null),
);

/**
 * A live licence of a live project, whoever's it is: callers check the caller's role in its
 * project (requireLicenceRole).
 */
export async function findLiveLicence(db: Db, licenceId: string) {
  const [licence] = await liveLicence(db, licenceId);
  return licence;
}

export type LicenceWithContext = NonNullable<Awaited<ReturnType<typeof findLiveLicence>>>;

export async function findLiveLicenceOfService(db: Db, projectId: string, serviceId: string) {
  return db
    .selectFrom('serviceLicence')
    .select('id')
    .where('projectId', '=', projectId)
    .where('serviceId', '=', serviceId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function insertLicence(
  db: Db,
  row: { id: string; projectId: string; serviceId: string; licenceKey: string; now: string },
): Promise<void> {
  await db
    .insertInto('serviceLicence')
    .values({
      id: row.id,
      projectId: row.projectId,
      serviceId: row.serviceId,
      licenceKey: row.licenceKey,
      online: 1,
      formdata: '{}',
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
}

/** Changes a live licence; false when it was removed meanwhile. */
export async function updateLiveLicence(
  db: Db,
  id: string,
  changes: { online?: number; formdata?: string; alertMonthlyCalls?: number | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('serviceLicence')
    .set({
      ...(changes.online !== undefined ? { online: changes.online } : {}),
      ...(changes.formdata !== undefined ? { formdata: changes.formdata } : {}),
      ...(changes.alertMonthlyCalls !== undefined ? { alertMonthlyCalls: changes.alertMonthlyCalls } : {}),
      updatedAt: changes.now,
    })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete (usage stays billable); false when it was already removed. */
export async function softDeleteLicence(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('serviceLicence')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
