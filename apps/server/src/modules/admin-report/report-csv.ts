import type { AdminReport } from '@portal/contract/admin-report';

// Spreadsheet programs run cells that start with these as formulas; a leading quote disarms them.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell, disarmed against formula injection; every CSV the portal writes uses it. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(Number.isInteger(value) ? 0 : 2) : value;
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",;\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const money = (euros: number): string => euros.toFixed(2);

export function reportToCsv(report: AdminReport): string {
  const header = ['project', 'owner', 'calls', 'price_api', 'monthly', 'single_payment', 'price_gesamt', 'deleted'];
  const lines = [header.join(',')];
  for (const p of report.projects) {
    lines.push(
      [
        csvCell(p.name),
        csvCell(p.owner),
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
    ['total', '', String(t.calls), money(t.price_api), money(t.monthly), money(t.single_payment), money(t.price_gesamt), ''].join(
      ',',
    ),
  );
  return csvDocument(lines);
}

/** Lines (already joined cells) as a CSV file: CRLF after every line. */
export function csvDocument(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}
