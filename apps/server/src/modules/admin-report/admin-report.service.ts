import type { Kysely } from 'kysely';
import type { AdminReport, AdminReportProject } from '@portal/contract/admin-report';
import type { Database } from '../../db/database.js';
import { centsToEuros } from '../../lib/money.js';
import { monthOf, monthsTouching, type Period } from '../../lib/period.js';
import { displayName } from '../person/person.mapper.js';
import { sumUsageByLicence } from '../usage/usage.repository.js';
import { listBillableLicences, listProjectsExisting } from './admin-report.repository.js';

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
 */
export function licenceCosts(
  licence: { createdAt: string; deletedAt: string | null; pricePer1000Calls: number; monthlyFee: number; singlePayment: number },
  calls: number,
  period: Period,
): CentsRow {
  const createdDay = licence.createdAt.slice(0, 10);
  const deletedDay = licence.deletedAt?.slice(0, 10);
  const existedMonths = monthsTouching(period).filter((month) => {
    const { from, to } = monthOf(`${month}-01`);
    return createdDay <= to && (deletedDay === undefined || deletedDay >= from);
  });
  return {
    calls,
    priceApi: Math.round((calls * licence.pricePer1000Calls) / 1000),
    monthly: licence.monthlyFee * existedMonths.length,
    singlePayment: createdDay >= period.from && createdDay <= period.to ? licence.singlePayment : 0,
  };
}

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
  const [licences, projects] = await Promise.all([
    listBillableLicences(db, fromTs, toTs),
    listProjectsExisting(db, fromTs, toTs),
  ]);
  const usage = await sumUsageByLicence(
    db,
    licences.map((l) => l.licenceId),
    period.from,
    period.to,
  );

  const perProject = new Map<string, CentsRow>();
  for (const licence of licences) {
    // A licence ends with its project: months after the project's deletion are never billed.
    const ended = [licence.deletedAt, licence.projectDeletedAt].filter((at) => at !== null).sort()[0] ?? null;
    const costs = licenceCosts({ ...licence, deletedAt: ended }, usage.get(licence.licenceId) ?? 0, period);
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
  rows.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id.localeCompare(b.id));
  return { dateVon: period.from, dateBis: period.to, projects: rows, totals: toEuros(totals) };
}
