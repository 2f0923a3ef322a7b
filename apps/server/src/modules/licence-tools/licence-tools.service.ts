import type { Kysely } from 'kysely';
import type { Language } from '@portal/contract/common';
import type { ProjectCosts } from '@portal/contract/project-costs';
import type { Database } from '../../db/database.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { newLicenceKey } from '../../lib/ids.js';
import { daysOf, type Period } from '../../lib/period.js';
import { nowIso } from '../../lib/time.js';
import {
  NO_CENTS,
  addCentsInto,
  centsToAmounts,
  costsOfLicences,
  type CentsRow,
} from '../admin-report/admin-report.service.js';
import { csvCell, csvDocument } from '../admin-report/report-csv.js';
import { sumUsageOfLicences, usagePerDay, usageRowsOfLicences } from '../usage-record/usage.repository.js';
import {
  insertRetiredKey,
  licencesOfProjectExisting,
  replaceLicenceKey,
} from './licence-tools.repository.js';
import { emitWebhookEvent } from '../webhook-record/webhook.service.js';

/** How long a replaced key keeps working (docs/domain.md#licence-keys). */
export const KEY_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Issues a new key for a live licence; the replaced key keeps working for the grace period.
 * Two rotations at the same moment both succeed one after the other: each replaces the key it
 * read, or reads again.
 */
export async function rotateLicenceKey(db: Kysely<Database>, licenceId: string, now: Date) {
  const retiredAt = nowIso(now);
  const validUntil = nowIso(new Date(now.getTime() + KEY_GRACE_MS));
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await db
      .selectFrom('serviceLicence')
      .select(['licenceKey', 'projectId', 'serviceId'])
      .where('id', '=', licenceId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!current) throw notFound();
    const licenceKey = newLicenceKey();
    const replaced = await db.transaction().execute(async (trx) => {
      // The update takes the licence's row lock first; it only changes the key it read.
      if (!(await replaceLicenceKey(trx, licenceId, current.licenceKey, licenceKey, retiredAt))) return false;
      await insertRetiredKey(trx, { licenceKey: current.licenceKey, licenceId, retiredAt, validUntil });
      await emitWebhookEvent(
        trx,
        current.projectId,
        'licence.key_rotated',
        { licenceId, serviceId: current.serviceId, licenceKey, previousKeyValidUntil: validUntil },
        now,
      );
      return true;
    });
    if (replaced) return { licenceKey, previousKeyValidUntil: validUntil };
  }
  throw conflict();
}

/** Every day of the period with the licence's calls, zero where nothing was counted. */
export async function licenceUsage(db: Kysely<Database>, licenceId: string, period: Period) {
  const rows = await usagePerDay(db, licenceId, period.from, period.to);
  const counted = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return daysOf(period).map((day) => ({ day, calls: counted.get(day) ?? 0 }));
}

export function licenceUsageCsv(rows: ReadonlyArray<{ day: string; calls: number }>): string {
  return csvDocument(['day,calls', ...rows.map((r) => `${r.day},${r.calls}`)]);
}

/**
 * Calls per licence and day of the project's licences that existed within the period, days with
 * counted calls only, by service name (in `language`, German when empty) and day. A removed
 * licence's rows show under the key it last had.
 */
export async function projectUsage(db: Kysely<Database>, projectId: string, period: Period, language: Language) {
  const licences = await licencesOfProjectExisting(db, projectId, period);
  const rows = await usageRowsOfLicences(
    db,
    licences.map((l) => l.id),
    period.from,
    period.to,
  );
  const byId = new Map(licences.map((l) => [l.id, l]));
  return rows
    .map((r) => {
      const licence = byId.get(r.licenceId);
      const service = (language === 'en' ? licence?.nameEn : licence?.nameDe) || (licence?.nameDe ?? '');
      return { service, licenceKey: licence?.licenceKey ?? '', day: r.day, calls: Number(r.count) };
    })
    .sort((a, b) => a.service.localeCompare(b.service, language) || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

export function projectUsageCsv(rows: ReadonlyArray<{ service: string; licenceKey: string; day: string; calls: number }>) {
  return csvDocument([
    'service,licenceKey,day,calls',
    ...rows.map((r) => [csvCell(r.service), csvCell(r.licenceKey), r.day, String(r.calls)].join(',')),
  ]);
}

/** The admin report's figures for one live project, per licence (docs/domain.md#cost-model). */
export async function projectCosts(db: Kysely<Database>, projectId: string, period: Period): Promise<ProjectCosts> {
  const licences = await licencesOfProjectExisting(db, projectId, period);
  const usage = await sumUsageOfLicences(
    db,
    licences.map((l) => l.id),
    period,
  );
  // The caller's project is live (checked), so it existed throughout.
  const costs = await costsOfLicences(db, licences, new Map([[projectId, null]]), usage, period);
  const totals: CentsRow = { ...NO_CENTS };
  const rows = [];
  for (const licence of licences) {
    const cents = costs.get(licence.id);
    if (!cents) continue;
    addCentsInto(totals, cents);
    rows.push({
      key: licence.id,
      id: licence.id,
      service: { id: licence.serviceId, name: { de: licence.nameDe, en: licence.nameEn } },
      deleted: licence.deletedAt !== null,
      ...centsToAmounts(cents),
    });
  }
  return { dateVon: period.from, dateBis: period.to, licences: rows, totals: centsToAmounts(totals) };
}
