import type { AdminReport } from '@portal/contract/admin-report';
import { isDeletedPersonEmail } from '@portal/contract/privacy';

// Spreadsheet programs run cells that start with these as formulas; a leading quote disarms them.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell, disarmed against formula injection; every CSV the portal writes uses it. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(Number.isInteger(value) ? 0 : 2) : value;
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",;\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const money = (euros: number): string => euros.toFixed(2);

/**
 * What the CSV's header line and totals line say: the report's column titles as the person's
 * screen shows them (the Admin texts), not the API's field names.
 */
export interface ReportCsvTitles {
  project: string;
  owner: string;
  calls: string;
  priceApi: string;
  monthly: string;
  singlePayment: string;
  total: string;
  deleted: string;
  /** Said instead of a deleted person's placeholder address. */
  deletedPerson: string;
  /** The label of the totals line. */
  totals: string;
}

/** The Admin text of each title (packages/translations/texts/Admin.json). */
export const reportCsvTitleKeys: Record<keyof ReportCsvTitles, string> = {
  project: 'colProject',
  owner: 'colOwner',
  calls: 'colCalls',
  priceApi: 'colPriceApi',
  monthly: 'colMonthly',
  singlePayment: 'colSinglePayment',
  total: 'colTotal',
  deleted: 'deleted',
  deletedPerson: 'deletedPerson',
  totals: 'totals',
};

export function reportToCsv(report: AdminReport, titles: ReportCsvTitles): string {
  const header = [
    titles.project,
    titles.owner,
    titles.calls,
    titles.priceApi,
    titles.monthly,
    titles.singlePayment,
    titles.total,
    titles.deleted,
  ].map(csvCell);
  const lines = [header.join(',')];
  for (const p of report.projects) {
    lines.push(
      [
        csvCell(p.name),
        csvCell(isDeletedPersonEmail(p.owner) ? titles.deletedPerson : p.owner),
        String(p.calls),
        money(p.price_api),
        money(p.monthly),
        money(p.single_payment),
        money(p.price_gesamt),
        p.deleted ? 'yes' : 'no',
      ].join(','),
    );
  }
  const t = report.totals;
  lines.push(
    [
      csvCell(titles.totals),
      '',
      String(t.calls),
      money(t.price_api),
      money(t.monthly),
      money(t.single_payment),
      money(t.price_gesamt),
      '',
    ].join(','),
  );
  return csvDocument(lines);
}

/** Lines (already joined cells) as a CSV file: CRLF after every line. */
export function csvDocument(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}
