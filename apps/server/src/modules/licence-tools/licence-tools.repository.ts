import type { Db } from '../../db/database.js';
import { periodTimestamps, type Period } from '../../lib/period.js';
import { licencesWithServiceNames } from './licence-list.repository.js';

// Key rotation, usage exports, usage alerts and the customer's costs (docs/domain.md#licence-keys,
// #usage, #usage-alerts, #cost-model). Plain queries; the rules are in the services.

/** Replaces a live licence's key, only while it is still `oldKey`; false when it changed meanwhile. */
export async function replaceLicenceKey(db: Db, licenceId: string, oldKey: string, newKey: string, now: string) {
  const result = await db
    .updateTable('serviceLicence')
    .set({ licenceKey: newKey, updatedAt: now })
    .where('id', '=', licenceId)
    .where('licenceKey', '=', oldKey)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertRetiredKey(
  db: Db,
  row: { licenceKey: string; licenceId: string; retiredAt: string; validUntil: string },
): Promise<void> {
  await db.insertInto('licenceKeyRetired').values(row).execute();
}

/**
 * Licences among `licenceIds` whose calls in one of `months` reached their alert threshold and
 * whose alert for that month is not claimed yet. Deleted licences and projects get no alert.
 */
export async function alertsDue(db: Db, licenceIds: readonly string[], months: readonly string[]) {
  if (licenceIds.length === 0 || months.length === 0) return [];
  return db
    .selectFrom('serviceLicence')
    .innerJoin('project', 'project.id', 'serviceLicence.projectId')
    .innerJoin('usageMonthly', 'usageMonthly.licenceId', 'serviceLicence.id')
    .select([
      'serviceLicence.id as licenceId',
      'serviceLicence.projectId as projectId',
      'serviceLicence.serviceId as serviceId',
      'serviceLicence.alertMonthlyCalls as threshold',
      'usageMonthly.month as month',
      'usageMonthly.count as calls',
      'project.name as projectName',
    ])
    .where('serviceLicence.id', 'in', licenceIds)
    .where('usageMonthly.month', 'in', months)
    .where('serviceLicence.alertMonthlyCalls', 'is not', null)
    .where((eb) => eb('usageMonthly.count', '>=', eb.ref('serviceLicence.alertMonthlyCalls')))
    .where('serviceLicence.deletedAt', 'is', null)
    .where('project.deletedAt', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('usageAlertSent')
            .select('usageAlertSent.month')
            .whereRef('usageAlertSent.licenceId', '=', 'serviceLicence.id')
            .whereRef('usageAlertSent.month', '=', 'usageMonthly.month'),
        ),
      ),
    )
    .execute();
}

/**
 * Claims the alert of a licence and month: true for exactly one caller, however many try at
 * once (the primary key decides; the others insert nothing).
 */
export async function claimAlert(
  db: Db,
  row: { licenceId: string; month: string; threshold: number; calls: number; sentAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('usageAlertSent')
    .values(row)
    .onConflict((oc) => oc.columns(['licenceId', 'month']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Everyone the project's usage alert goes to: the owner and the editors (not viewers), enabled accounts only. */
export async function alertRecipients(db: Db, projectId: string) {
  const owner = db
    .selectFrom('project')
    .innerJoin('person', 'person.id', 'project.ownerId')
    .select(['person.id', 'person.email', 'person.firstname', 'person.lastname', 'person.language'])
    .where('project.id', '=', projectId)
    .where('person.disabled', '=', 0);
  const editors = db
    .selectFrom('projectMember')
    .innerJoin('person', 'person.id', 'projectMember.personId')
    .select(['person.id', 'person.email', 'person.firstname', 'person.lastname', 'person.language'])
    .where('projectMember.projectId', '=', projectId)
    .where('projectMember.role', '=', 'editor')
    .where('person.disabled', '=', 0);
  return owner.union(editors).orderBy('email').execute();
}

export async function serviceNames(db: Db, serviceId: string) {
  return db.selectFrom('service').select(['nameDe', 'nameEn']).where('id', '=', serviceId).executeTakeFirst();
}

/** Every licence of the project that existed at some time within the period (deleted ones too). */
export async function licencesOfProjectExisting(db: Db, projectId: string, period: Period) {
  const { fromTs, toTs } = periodTimestamps(period);
  return licencesWithServiceNames(db)
    .select('serviceLicence.deletedAt')
    .where('serviceLicence.projectId', '=', projectId)
    .where('serviceLicence.createdAt', '<=', toTs)
    .where((eb) => eb.or([eb('serviceLicence.deletedAt', 'is', null), eb('serviceLicence.deletedAt', '>=', fromTs)]))
    .execute();
}
