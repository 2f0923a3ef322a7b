// One shape for every figure of latest.json, the printed table and the table in
// docs/performance.md (rewritten between its markers after each full run).
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * name, unit, value, budget (null: none, the figure is for reading); `better` says which side of the budget is good ('higher' for
 * throughput, 'lower' for times and sizes); `extra` holds more of the same run (for ratios: the
 * lowest and highest round's ratio, the portal's and the bare server's req/s).
 */
export function figure(name, unit, value, budget, better, extra = {}) {
  const met =
    value === null || value === undefined || budget === null
      ? null
      : better === 'higher'
        ? value >= budget
        : value <= budget;
  return { name, unit, value, budget, better, met, ...extra };
}

const show = (value) =>
  value === null || value === undefined
    ? '–'
    : typeof value === 'number'
      ? value.toLocaleString('en-US')
      : String(value);

/** Markdown table of the figures, one line each. */
export function figuresTable(figures) {
  const lines = ['| figure | value | budget | met | same run |', '|---|---|---|---|---|'];
  for (const f of figures) {
    const budget =
      f.budget === null ? '–' : `${f.better === 'higher' ? '≥' : '≤'} ${show(f.budget)} ${f.unit}`;
    const extra =
      f.bareRps !== undefined
        ? `rounds ${show(f.ratioMin)}–${show(f.ratioMax)} ×; portal ${show(f.portalRps)} req/s, bare node:http ${show(f.bareRps)} req/s`
        : (f.note ?? '');
    lines.push(
      `| ${f.name} | ${show(f.value)} ${f.unit} | ${budget} | ${f.met === null ? '–' : f.met ? 'yes' : '**no**'} | ${extra} |`,
    );
  }
  return lines.join('\n');
}

/** Markdown table of the report rows (growth curve). */
export function reportTable(report) {
  const lines = ['| dialect | usage rows | one month | twelve months |', '|---|---|---|---|'];
  for (const r of report)
    lines.push(`| ${r.dialect} | ${show(r.usageRows)} | ${show(r.monthMs)} ms | ${show(r.yearMs)} ms |`);
  return lines.join('\n');
}

const START = '<!-- bench:last-run:start -->';
const END = '<!-- bench:last-run:end -->';

/** Replaces the part of the doc between the markers with the last run's tables. */
export function writeLastRun(docFile, results) {
  const doc = readFileSync(docFile, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) return false;
  const run = [
    START,
    '',
    `Run of ${results.date.slice(0, 10)} on commit \`${results.commit}\`, ${results.cores} cores, load average ${results.loadAverage.join(' / ')} at the start, Node ${results.node}.`,
    '',
    figuresTable(results.figures),
    '',
    reportTable(results.report),
    '',
    END,
  ].join('\n');
  writeFileSync(docFile, `${doc.slice(0, from)}${run}${doc.slice(to + END.length)}`);
  return true;
}
