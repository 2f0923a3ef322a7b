import type { Kysely } from 'kysely';
import type { Licence } from '@portal/contract/licence';
import type { FormSection } from '@portal/contract/service';
import type { ProjectRole } from '@portal/contract/project';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { roleChecked } from '../../plugins/access.js';
import { HttpError, conflict, notFound, validation } from '../../lib/http-error.js';
import { newId, newLicenceKey } from '../../lib/ids.js';
import { daysOf, type Period } from '../../lib/period.js';
import { nowIso } from '../../lib/time.js';
import { mediaUrl, parseForm } from '../catalogue/catalogue.mapper.js';
import { findService } from '../catalogue/catalogue.repository.js';
import { displayName } from '../person-record/person.mapper.js';
import { updateLiveProject } from '../project/project.repository.js';
import { requireProjectRole, type ProjectWithRole } from '../project/project.service.js';
import { usagePerDay } from '../usage-record/usage.repository.js';
import {
  findLiveLicence,
  findLiveLicenceOfService,
  licenceToolsRow,
  insertLicence,
  softDeleteLicence,
  updateLiveLicence,
  type LicenceWithContext,
} from './licence.repository.js';
import type { SessionPerson } from '../auth/session.repository.js';
import { emitWebhookEvent } from '../webhook-record/webhook.service.js';

/** Integration code carries the licence's public key; templates come from the service. */
export function renderCode(template: string, licenceKey: string): string {
  return template.replaceAll('{{licenceKey}}', licenceKey);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/** A licence with the caller's role in its project. */
export type LicenceWithRole = LicenceWithContext & { role: ProjectRole };

/**
 * The access check of a licence: the caller's role in the licence's project, as
 * requireProjectRole judges it (a licence of someone else's project is not found).
 */
export async function requireLicenceRole(
  db: Kysely<Database>,
  user: SessionPerson,
  licenceId: string,
  needed: ProjectRole,
): Promise<LicenceWithRole> {
  const licence = await findLiveLicence(db, licenceId);
  if (!licence) throw notFound();
  const project = await requireProjectRole(db, user, licence.projectId, needed);
  return { ...licence, role: project.role };
}

/** The licence of a route declared with `role: { licence }`, with the caller's role in its project. */
export const licenceOf = (request: FastifyRequest): Promise<LicenceWithRole> => roleChecked<LicenceWithRole>(request);

/** Adds a service to a project whose editor or owner the caller was checked to be. */
export async function addLicence(db: Kysely<Database>, project: ProjectWithRole, serviceId: string, at: Date) {
  const projectId = project.id;
  // A retired service is no longer on offer; the licences it has keep working (docs/admin.md#services).
  const service = await findService(db, serviceId);
  if (!service || service.retiredAt !== null) throw notFound();
  const now = nowIso(at);
  try {
    await db.transaction().execute(async (trx) => {
      // Touching the project takes its row lock, so a delete of the project running at the same
      // moment is ordered before or after this add, never in between (see softDeleteProject).
      if (!(await updateLiveProject(trx, projectId, { now }))) throw notFound();
      if (await findLiveLicenceOfService(trx, projectId, serviceId)) throw conflict('alreadyLicensed');
      const licenceId = newId();
      await insertLicence(trx, { id: licenceId, projectId, serviceId, licenceKey: newLicenceKey(), now });
      await emitWebhookEvent(trx, projectId, 'licence.added', { licenceId, serviceId }, at);
    });
  } catch (error) {
    // Two adds at the same moment: the partial unique index lets only one through.
    if (isUniqueViolation(error)) throw conflict('alreadyLicensed');
    throw error;
  }
}

/** Removes a licence of a project whose editor or owner the caller was checked to be. */
export async function removeLicence(db: Kysely<Database>, project: ProjectWithRole, licenceId: string, now: Date) {
  const licence = await findLiveLicence(db, licenceId);
  if (!licence || licence.projectId !== project.id) throw notFound();
  await db.transaction().execute(async (trx) => {
    if (!(await softDeleteLicence(trx, licenceId, nowIso(now)))) throw notFound(); // removed meanwhile
    await emitWebhookEvent(trx, project.id, 'licence.removed', { licenceId, serviceId: licence.id }, now);
  });
}

/** A licence as the API shows it, to a caller whose role was checked (requireLicenceRole). */
export async function showLicence(
  db: Kysely<Database>,
  licence: LicenceWithRole,
  period: Period,
  now: Date,
): Promise<Licence> {
  const rows = await usagePerDay(db, licence.licenceId, period.from, period.to);
  const counted = new Map(rows.map((r) => [r.day, Number(r.count)]));
  const callsPerDate: Record<string, number> = {};
  let total = 0;
  for (const day of daysOf(period)) {
    const count = counted.get(day) ?? 0;
    callsPerDate[day] = count;
    total += count;
  }
  return {
    key: licence.licenceId,
    id: licence.licenceId,
    project: {
      id: licence.projectId,
      name: licence.projectName,
      owner: displayName({ firstname: licence.ownerFirstname, lastname: licence.ownerLastname, email: licence.ownerEmail }),
      role: licence.role,
    },
    service: {
      id: licence.id,
      name: { de: licence.nameDe, en: licence.nameEn },
      accounting: licence.accounting,
      logo: licence.logoMediaId ? mediaUrl(licence.logoMediaId) : null,
      hasApiReference: licence.apiVersionId !== null,
    },
    online: licence.online === 1,
    licenceKey: licence.licenceKey,
    calls: { from: period.from, to: period.to, total, callsPerDate },
    jsServiceCode: renderCode(licence.jsServiceCodeTemplate, licence.licenceKey),
    jsServiceCodeType: licence.jsServiceCodeType,
    serviceCodeBackend: licence.serviceCodeBackendTemplate
      ? renderCode(licence.serviceCodeBackendTemplate, licence.licenceKey)
      : null,
    form: parseForm(licence.formJson),
    formdata: JSON.parse(licence.formdata) as Record<string, string>,
    createdAt: licence.licenceCreatedAt,
    ...(await licenceToolsState(db, licence.licenceId, now)),
  };
}

/** Settings values (already text by the contract) may only name fields of the service's form. */
function assertKnownFields(values: Record<string, string>, form: FormSection[] | null): void {
  if (!form) throw validation({ values: 'unknown' });
  const known = new Set(form.flatMap((section) => section.fields.map((field) => field.id)));
  const unknown = Object.keys(values).filter((key) => !known.has(key));
  if (unknown.length > 0) throw validation(Object.fromEntries(unknown.map((key) => [key, 'unknown' as const])));
}

/** Switches or configures a licence whose editor or owner the caller was checked to be. */
export async function patchLicence(
  db: Kysely<Database>,
  licence: LicenceWithRole,
  input: {
    online?: boolean | undefined;
    values?: Record<string, string> | undefined;
    alertMonthlyCalls?: number | null | undefined;
  },
  now: Date,
): Promise<LicenceWithRole> {
  const id = licence.licenceId;
  const changes: Parameters<typeof updateLiveLicence>[2] = { now: nowIso(now) };
  if (input.online !== undefined) changes.online = input.online ? 1 : 0;
  if (input.alertMonthlyCalls !== undefined) changes.alertMonthlyCalls = input.alertMonthlyCalls;
  if (input.values !== undefined) {
    assertKnownFields(input.values, parseForm(licence.formJson));
    changes.formdata = JSON.stringify(input.values);
  }
  if (changes.online === undefined && changes.formdata === undefined && changes.alertMonthlyCalls === undefined) {
    throw new HttpError(400, 'validation');
  }
  await db.transaction().execute(async (trx) => {
    // The switch is its own conditional update, so only a call that really changes it emits
    // licence.state_changed (two equal calls at the same moment emit once).
    if (changes.online !== undefined) {
      const switched = await trx
        .updateTable('serviceLicence')
        .set({ online: changes.online })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .where('online', '!=', changes.online)
        .executeTakeFirst();
      if (switched.numUpdatedRows > 0n) {
        await emitWebhookEvent(
          trx,
          licence.projectId,
          'licence.state_changed',
          { licenceId: id, serviceId: licence.id, online: changes.online === 1 },
          now,
        );
      }
    }
    if (!(await updateLiveLicence(trx, id, changes))) throw notFound(); // removed meanwhile
  });
  const changed = await findLiveLicence(db, id);
  if (!changed) throw notFound();
  return { ...changed, role: licence.role };
}

/** The licence tools' part of a licence's answer: the grace period of a replaced key and the usage alert. */
export async function licenceToolsState(db: Kysely<Database>, licenceId: string, now: Date) {
  const month = now.toISOString().slice(0, 7);
  const [row] = await licenceToolsRow(db, licenceId, month, nowIso(now));
  return {
    previousKeyValidUntil: row?.previousKeyValidUntil ?? null,
    alert: {
      monthlyCalls: row?.alertMonthlyCalls == null ? null : Number(row.alertMonthlyCalls),
      month,
      callsThisMonth: Number(row?.calls ?? 0),
    },
  };
}
