import type { Kysely } from 'kysely';
import type { AdminReport, AdminReportProject, CostAmounts } from '@portal/contract/admin-report';
import type { Database } from '../../db/database.js';
import { centsToEuros } from '../../lib/money.js';
import { monthOf, monthsTouching, periodTimestamps, type Period } from '../../lib/period.js';
import { displayName } from '../person-record/person.mapper.js';
import { licencesExistingWithCalls } from '../usage-record/usage.repository.js';
import type { Language } from '../../lib/language.js';
import { listTranslations } from '../translation/translation.repository.js';
import { listProjectsExisting, listServicePrices } from './admin-report.repository.js';
import { reportCsvTitleKeys, type ReportCsvTitles } from './report-csv.js';

export interface CentsRow {
  calls: number;
  priceApi: number;
  monthly: number;
  singlePayment: number;
}

/** The calendar months touching the period (first and last day): the cost model's months. */
export const monthsOfPeriod = (period: Period): Period[] =>
  monthsTouching(period).map((month) => monthOf(`${month}-01`));

/**
 * The cost model (docs/domain.md#cost-model) for one licence, added to `sum` in integer cents:
 * price_api = round(calls × pricePer1000Calls / 1000);
 * monthly = monthlyFee for each calendar month touching the period in which the licence existed;
 * single_payment = singlePayment if the licence was created inside the period.
 * A licence ends with its project (`projectEnd`, null while the project is live): months after
 * the project's deletion are never billed. `months` is monthsOfPeriod(period), worked out once
 * per report.
 */
export function addLicenceCosts(
  sum: CentsRow,
  licence: { createdAt: string; deletedAt: string | null },
  projectEnd: string | null,
  price: { pricePer1000Calls: number; monthlyFee: number; singlePayment: number },
  calls: number,
  period: Period,
  months: readonly Period[],
): void {
  const { createdAt, deletedAt } = licence;
  const ended =
    deletedAt === null ? projectEnd : projectEnd === null || deletedAt < projectEnd ? deletedAt : projectEnd;
  const createdDay = createdAt.slice(0, 10);
  const endedDay = ended?.slice(0, 10);
  let existedMonths = 0;
  for (const { from, to } of months) {
    if (createdDay <= to && (endedDay === undefined || endedDay >= from)) existedMonths += 1;
  }
  sum.calls += calls;
  sum.priceApi += Math.round((calls * price.pricePer1000Calls) / 1000);
  sum.monthly += price.monthlyFee * existedMonths;
  if (createdDay >= period.from && createdDay <= period.to) sum.singlePayment += price.singlePayment;
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
 * The cost model for each licence of a period, one row per licence (a customer's project costs;
 * the admin report adds the same into its projects' sums). `projectDeletedAt` holds every
 * project that existed within the period (null while live); a licence of any other project, or
 * of an unknown service, is not billed. `usage` is each licence's calls within the period.
 */
export async function costsOfLicences(
  db: Kysely<Database>,
  licences: readonly BillableLicence[],
  projectDeletedAt: ReadonlyMap<string, string | null>,
  usage: ReadonlyMap<string, number>,
  period: Period,
): Promise<Map<string, CentsRow>> {
  const prices = await listServicePrices(db);
  const months = monthsOfPeriod(period);
  const priceOf = new Map(prices.map((s) => [s.id, s]));
  const costs = new Map<string, CentsRow>();
  for (const licence of licences) {
    const projectEnd = projectDeletedAt.get(licence.projectId);
    const price = priceOf.get(licence.serviceId);
    // Billable only while its project existed within the period too.
    if (projectEnd === undefined || !price) continue;
    const cents = { ...NO_CENTS };
    addLicenceCosts(cents, licence, projectEnd, price, usage.get(licence.id) ?? 0, period, months);
    costs.set(licence.id, cents);
  }
  return costs;
}

export async function buildAdminReport(db: Kysely<Database>, period: Period): Promise<AdminReport> {
  const { fromTs, toTs } = periodTimestamps(period);
  // On PostgreSQL the three run at once, on connections of the pool.
  const [projects, licences, prices] = await Promise.all([
    listProjectsExisting(db, fromTs, toTs),
    licencesExistingWithCalls(db, period),
    listServicePrices(db),
  ]);
  const months = monthsOfPeriod(period);
  const priceOf = new Map(prices.map((s) => [s.id, s]));

  // One running sum per project; tens of thousands of licences are added into it in place.
  const sums = projects.map((project) => ({ project, cents: { ...NO_CENTS } }));
  const sumOf = new Map(sums.map((sum) => [sum.project.projectId, sum]));
  for (const licence of licences) {
    const sum = sumOf.get(licence.projectId);
    const price = priceOf.get(licence.serviceId);
    // Billable only while its project existed within the period too.
    if (!sum || !price) continue;
    addLicenceCosts(sum.cents, licence, sum.project.projectDeletedAt, price, licence.calls, period, months);
  }

  const totals = { ...NO_CENTS };
  const rows: AdminReportProject[] = sums.map(({ project: p, cents }) => {
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

/**
 * The CSV's column titles in `language`, from the interface texts as they stand (an operator's
 * own wording included); a title missing there falls back to its text key.
 */
export async function reportCsvTitles(db: Kysely<Database>, language: Language): Promise<ReportCsvTitles> {
  const texts = new Map((await listTranslations(db, ['Admin'])).map((row) => [row.id, row[language]]));
  const entries = Object.entries(reportCsvTitleKeys).map(([title, key]) => [title, texts.get(key) ?? key]);
  return Object.fromEntries(entries) as ReportCsvTitles;
}
