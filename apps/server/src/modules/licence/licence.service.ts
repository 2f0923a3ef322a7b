import type { Kysely } from 'kysely';
import type { Licence } from '@portal/contract/licence';
import type { FormSection } from '@portal/contract/service';
import type { Database, PersonRow } from '../../db/database.js';
import { fieldMessage } from '../../lib/error-messages.js';
import { HttpError, conflict, notFound, validation } from '../../lib/http-error.js';
import { newId, newLicenceKey } from '../../lib/ids.js';
import type { Language } from '../../lib/language.js';
import type { Period } from '../../lib/period.js';
import { addDays, nowIso } from '../../lib/time.js';
import { mediaUrl } from '../catalogue/media.routes.js';
import { parseForm } from '../catalogue/catalogue.mapper.js';
import { findService } from '../catalogue/catalogue.repository.js';
import { displayName } from '../person/person.mapper.js';
import { requireOwnProject } from '../project/project.service.js';
import { usagePerDay } from '../usage/usage.repository.js';
import {
  findLiveLicenceOfOwner,
  findLiveLicenceOfService,
  insertLicence,
  softDeleteLicence,
  updateLicence,
  type LicenceWithContext,
} from './licence.repository.js';

/** Integration code carries the licence's public key; templates come from the service. */
export function renderCode(template: string, licenceKey: string): string {
  return template.replaceAll('{{licenceKey}}', licenceKey);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

export async function addLicence(db: Kysely<Database>, user: PersonRow, projectId: string, serviceId: string) {
  await requireOwnProject(db, user, projectId);
  if (!(await findService(db, serviceId))) throw notFound();
  if (await findLiveLicenceOfService(db, projectId, serviceId)) throw conflict('alreadyLicensed');
  try {
    await insertLicence(db, { id: newId(), projectId, serviceId, licenceKey: newLicenceKey(), now: nowIso() });
  } catch (error) {
    // Two adds at the same moment: the partial unique index lets only one through.
    if (isUniqueViolation(error)) throw conflict('alreadyLicensed');
    throw error;
  }
}

export async function removeLicence(db: Kysely<Database>, user: PersonRow, projectId: string, licenceId: string) {
  const licence = await findLiveLicenceOfOwner(db, licenceId, user.id);
  if (!licence || licence.projectId !== projectId) throw notFound();
  await softDeleteLicence(db, licenceId, nowIso());
}

async function requireOwnLicence(db: Kysely<Database>, user: PersonRow, id: string): Promise<LicenceWithContext> {
  const licence = await findLiveLicenceOfOwner(db, id, user.id);
  if (!licence) throw notFound();
  return licence;
}

export async function getLicence(db: Kysely<Database>, user: PersonRow, id: string, period: Period): Promise<Licence> {
  const licence = await requireOwnLicence(db, user, id);
  const rows = await usagePerDay(db, licence.licenceId, period.from, period.to);
  const counted = new Map(rows.map((r) => [r.day, Number(r.count)]));
  const callsPerDate: Record<string, number> = {};
  let total = 0;
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
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
    },
    service: {
      id: licence.id,
      name: { de: licence.nameDe, en: licence.nameEn },
      accounting: licence.accounting,
      logo: licence.logoMediaId ? mediaUrl(licence.logoMediaId) : null,
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
  };
}

/** Settings values: a JSON object of known field ids to strings; anything else is refused. */
export function parseFormValues(raw: string, form: FormSection[] | null, language: Language): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw validation({ values: fieldMessage('invalid', language) });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw validation({ values: fieldMessage('invalid', language) });
  }
  if (!form) throw validation({ values: fieldMessage('unknown', language) });
  const known = new Set(form.flatMap((section) => section.fields.map((field) => field.id)));
  const problems: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!known.has(key)) problems[key] = fieldMessage('unknown', language);
    else if (typeof value !== 'string') problems[key] = fieldMessage('invalid', language);
    else if (value.length > 5000) problems[key] = fieldMessage('tooLong', language);
    else values[key] = value;
  }
  if (Object.keys(problems).length > 0) throw validation(problems);
  return values;
}

export async function patchLicence(
  db: Kysely<Database>,
  user: PersonRow,
  id: string,
  input: { online?: boolean | undefined; values?: string | undefined },
  language: Language,
): Promise<void> {
  const licence = await requireOwnLicence(db, user, id);
  const changes: { online?: number; formdata?: string; now: string } = { now: nowIso() };
  if (input.online !== undefined) changes.online = input.online ? 1 : 0;
  if (input.values !== undefined) {
    const values = parseFormValues(input.values, parseForm(licence.formJson), language);
    changes.formdata = JSON.stringify(values);
  }
  if (changes.online === undefined && changes.formdata === undefined) throw new HttpError(400, 'validation');
  await updateLicence(db, id, changes);
}
