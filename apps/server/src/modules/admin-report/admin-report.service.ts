import type { Kysely } from 'kysely';
import type { AdminReport, AdminReportProject } from '@portal/contract/admin-report';
import type { Database } from '../../db/database.js';
import { centsToEuros } from '../../lib/money.js';
import { monthOf, monthsTouching, type Period } from '../../lib/period.js';
import { displayName } from '../person/person.mapper.js';
import { sumUsageOfLicencesExisting } from '../usage/usage.repository.js';
import { listLicencesExisting, listProjectsExisting, listServicePrices } from './admin-report.repository.js';

interface CentsRow {
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
  licence: { createdAt: string; deletedAt: string | null; pricePer1000Calls: number; monthlyFee: number; singlePayment: number },
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
    priceApi: Math.round((calls * licence.pricePer1000Calls) / 1000),
    monthly: licence.monthlyFee * existedMonths,
    singlePayment: createdDay >= period.from && createdDay <= period.to ? licence.singlePayment : 0,
  };
}

// Project names sort in German collation, ties by id as before; one collator for all rows.
const byName = new Intl.Collator('de');
const byId = new Intl.Collator();

const toEuros = (row: CentsRow) => {
  const total = row.priceApi + row.monthly + row.singlePayment;
  return {
    calls: row.calls,
    price_api: centsToEuros(row.priceApi),
    monthly: centsToEuros(row.monthly),
    single_payment: centsToEuros(row.singlePayment),
    price_gesamt: centsToEuros(total),
  };
};

export async function buildAdminReport(db: Kysely<Database>, period: Period): Promise<AdminReport> {
  const fromTs = `${period.from}T00:00:00.000Z`;
  const toTs = `${period.to}T23:59:59.999Z`;
  const [licences, projects, prices] = await Promise.all([
    listLicencesExisting(db, fromTs, toTs),
    listProjectsExisting(db, fromTs, toTs),
    listServicePrices(db),
  ]);
  const usage = await sumUsageOfLicencesExisting(db, period);
  const months = monthsTouching(period).map((month) => monthOf(`${month}-01`));
  const projectDeletedAt = new Map(projects.map((p) => [p.projectId, p.projectDeletedAt]));
  const priceOf = new Map(prices.map((s) => [s.id, s]));

  const perProject = new Map<string, CentsRow>();
  for (const licence of licences) {
    const projectEnd = projectDeletedAt.get(licence.projectId);
    const price = priceOf.get(licence.serviceId);
    // Billable only while its project existed within the period too.
    if (projectEnd === undefined || !price) continue;
    // A licence ends with its project: months after the project's deletion are never billed.
    const { deletedAt } = licence;
    const ended = deletedAt === null ? projectEnd : projectEnd === null || deletedAt < projectEnd ? deletedAt : projectEnd;
    const costs = licenceCosts(
      { createdAt: licence.createdAt, deletedAt: ended, ...price },
      usage.get(licence.id) ?? 0,
      period,
      months,
    );
    const sum = perProject.get(licence.projectId) ?? { calls: 0, priceApi: 0, monthly: 0, singlePayment: 0 };
    perProject.set(licence.projectId, {
      calls: sum.calls + costs.calls,
      priceApi: sum.priceApi + costs.priceApi,
      monthly: sum.monthly + costs.monthly,
      singlePayment: sum.singlePayment + costs.singlePayment,
    });
  }

  const totals: CentsRow = { calls: 0, priceApi: 0, monthly: 0, singlePayment: 0 };
  const rows: AdminReportProject[] = projects.map((p) => {
    const cents = perProject.get(p.projectId) ?? { calls: 0, priceApi: 0, monthly: 0, singlePayment: 0 };
    totals.calls += cents.calls;
    totals.priceApi += cents.priceApi;
    totals.monthly += cents.monthly;
    totals.singlePayment += cents.singlePayment;
    return {
      key: p.projectId,
      id: p.projectId,
      name: p.projectName,
      owner: displayName({ firstname: p.ownerFirstname, lastname: p.ownerLastname, email: p.ownerEmail }),
      deleted: p.projectDeletedAt !== null,
      ...toEuros(cents),
    };
  });
  rows.sort((a, b) => byName.compare(a.name, b.name) || byId.compare(a.id, b.id));
  return { dateVon: period.from, dateBis: period.to, projects: rows, totals: toEuros(totals) };
}
