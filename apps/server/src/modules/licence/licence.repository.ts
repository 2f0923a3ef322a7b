import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

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

/**
 * What the licence page shows of the tools, in one prepared query (the licence page is a hot
 * read): the latest end of a replaced key that still works at `now` (null when none does), the
 * alert threshold, and the calls in the month ('YYYY-MM').
 */
export const licenceToolsRow = preparedQuery((db: Db, licenceId: string, month: string, now: string) =>
  db
    .selectFrom('serviceLicence')
    .leftJoin('usageMonthly', (join) =>
      join.onRef('usageMonthly.licenceId', '=', 'serviceLicence.id').on('usageMonthly.month', '=', month),
    )
    .select(['serviceLicence.alertMonthlyCalls as alertMonthlyCalls', 'usageMonthly.count as calls'])
    .select((eb) =>
      eb
        .selectFrom('licenceKeyRetired')
        .select((sub) => sub.fn.max('licenceKeyRetired.validUntil').as('validUntil'))
        .whereRef('licenceKeyRetired.licenceId', '=', 'serviceLicence.id')
        .where('licenceKeyRetired.validUntil', '>', now)
        .as('previousKeyValidUntil'),
    )
    .where('serviceLicence.id', '=', licenceId),
);
