import type { Kysely } from 'kysely';
import type { AdminReport, AdminReportProject, CostAmounts } from '@portal/contract/admin-report';
import type { Database } from '../../db/database.js';
import { centsToEuros } from '../../lib/money.js';
import { monthOf, monthsTouching, type Period } from '../../lib/period.js';
import { displayName } from '../person/person.mapper.js';
import { sumUsageOfLicencesExisting } from '../usage/usage.repository.js';
import { listLicencesExisting, listProjectsExisting, listServicePrices } from './admin-report.repository.js';

export interface CentsRow {
  calls: number;
  priceApi: number;
  monthly: number;
  singlePayment: number;
}

/**
 * The cost model (docs/domain.md#cost-model), in integer cents:
 * price_api = Σ round(calls × pricePer1000Calls / 1000) per licence;
 * monthly = monthlyFee for each calendar month touching the period in which the licence existed;
 * single_payment = singlePayment of licences created inside the period.
 * `months` are the calendar months touching the period (first and last day), worked out once
 * per report.
 */
export function licenceCosts(
  licence: { createdAt: string; deletedAt: string | null },
  price: { pricePer1000Calls: number; monthlyFee: number; singlePayment: number },
  calls: number,
  period: Period,
  months: readonly Period[],
): CentsRow {
  const createdDay = licence.createdAt.slice(0, 10);
  const deletedDay = licence.deletedAt?.slice(0, 10);
  let existedMonths = 0;
  for (const { from, to } of months) {
    if (createdDay <= to && (deletedDay === undefined || deletedDay >= from)) existedMonths += 1;
  }
  return {
    calls,
    priceApi: Math.round((calls * price.pricePer1000Calls) / 1000),
    monthly: price.monthlyFee * existedMonths,
    singlePayment: createdDay >= period.from && createdDay <= period.to ? price.singlePayment : 0,
  };
}

// Project names sort in German collation, ties by id as before; one collator for all rows.
const byName = new Intl.Collator('de');
const byId = new Intl.Collator();

/** A row's cents as the API answers them: euros rounded to cents, and the total. */
export const centsToAmounts = (row: CentsRow): CostAmounts => {
  const total = row.priceApi + row.monthly + row.singlePayment;
  return {
    calls: row.calls,
    price_api: centsToEuros(row.priceApi),
    monthly: centsToEuros(row.monthly),
    single_payment: centsToEuros(row.singlePayment),
    price_gesamt: centsToEuros(total),
  };
};

/** Adds `b` to `sum` in place (a row of the caller's own, never NO_CENTS itself). */
export function addCentsInto(sum: CentsRow, b: CentsRow): void {
  sum.calls += b.calls;
  sum.priceApi += b.priceApi;
  sum.monthly += b.monthly;
  sum.singlePayment += b.singlePayment;
}

export const NO_CENTS: CentsRow = { calls: 0, priceApi: 0, monthly: 0, singlePayment: 0 };

/** A licence as the cost model reads it (deleted ones too). */
export interface BillableLicence {
  id: string;
  projectId: string;
  serviceId: string;
  createdAt: string;
  deletedAt: string | null;
}

/**
 * The cost model for each licence of a period: the admin report's rows and a customer's project
 * costs both come from here. `projectDeletedAt` holds every project that existed within the
 * period (null while live); a licence of any other project, or of an unknown service, is not
 * billed. `usage` is each licence's calls within the period.
 */
export async function costsOfLicences(
  db: Kysely<Database>,
  licences: readonly BillableLicence[],
  projectDeletedAt: ReadonlyMap<string, string | null>,
  usage: ReadonlyMap<string, number>,
  period: Period,
): Promise<Map<string, CentsRow>> {
  const prices = await listServicePrices(db);
  const months = monthsTouching(period).map((month) => monthOf(`${month}-01`));
  const priceOf = new Map(prices.map((s) => [s.id, s]));
  const costs = new Map<string, CentsRow>();
  for (const licence of licences) {
    const projectEnd = projectDeletedAt.get(licence.projectId);
    const price = priceOf.get(licence.serviceId);
    // Billable only while its project existed within the period too.
    if (projectEnd === undefined || !price) continue;
    // A licence ends with its project: months after the project's deletion are never billed.
    const { deletedAt } = licence;
    const ended = deletedAt === null ? projectEnd : projectEnd === null || deletedAt < projectEnd ? deletedAt : projectEnd;
    const lifetime = ended === deletedAt ? licence : { createdAt: licence.createdAt, deletedAt: ended };
    costs.set(licence.id, licenceCosts(lifetime, price, usage.get(licence.id) ?? 0, period, months));
  }
  return costs;
}

export async function buildAdminReport(db: Kysely<Database>, period: Period): Promise<AdminReport> {
  const fromTs = `${period.from}T00:00:00.000Z`;
  const toTs = `${period.to}T23:59:59.999Z`;
  const [licences, projects] = await Promise.all([
    listLicencesExisting(db, fromTs, toTs),
    listProjectsExisting(db, fromTs, toTs),
  ]);
  const usage = await sumUsageOfLicencesExisting(db, period);
  const projectDeletedAt = new Map(projects.map((p) => [p.projectId, p.projectDeletedAt]));
  const costs = await costsOfLicences(db, licences, projectDeletedAt, usage, period);

  // Summed in place: tens of thousands of licences, one row object per project.
  const perProject = new Map<string, CentsRow>();
  for (const licence of licences) {
    const cents = costs.get(licence.id);
    if (!cents) continue;
    const sum = perProject.get(licence.projectId);
    if (sum) addCentsInto(sum, cents);
    else perProject.set(licence.projectId, { ...cents });
  }

  const totals = { ...NO_CENTS };
  const rows: AdminReportProject[] = projects.map((p) => {
    const cents = perProject.get(p.projectId) ?? NO_CENTS;
    addCentsInto(totals, cents);
    return {
      key: p.projectId,
      id: p.projectId,
      name: p.projectName,
      owner: displayName({ firstname: p.ownerFirstname, lastname: p.ownerLastname, email: p.ownerEmail }),
      deleted: p.projectDeletedAt !== null,
      ...centsToAmounts(cents),
    };
  });
  rows.sort((a, b) => byName.compare(a.name, b.name) || byId.compare(a.id, b.id));
  return { dateVon: period.from, dateBis: period.to, projects: rows, totals: centsToAmounts(totals) };
}
