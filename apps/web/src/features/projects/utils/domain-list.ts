import { HOST_PROBLEMS, hostProblem, PROJECT_LIMITS, type HostProblem } from '@portal/contract/project';

// The editing rules of the domain lists in the project form: one host per row, no
// spaces, Enter adds a row, Backspace/Delete on an empty row removes it (the only row is
// cleared instead), empty rows are dropped before sending. Pure, so the rules are tested
// without a browser; domain-list-input.tsx wires them to the keyboard.

/** The rows as edited; there is always at least one (empty) row to type into. */
export type DomainRows = readonly string[];

export function toRows(domains: readonly string[]): string[] {
  return domains.length > 0 ? [...domains] : [''];
}

/** Whitespace never belongs in a host name: typed or pasted, it is taken out. */
export function stripSpaces(value: string): { value: string; removed: boolean } {
  const cleaned = value.replace(/\s+/g, '');
  return { value: cleaned, removed: cleaned !== value };
}

export function setRow(rows: DomainRows, index: number, value: string): string[] {
  return rows.map((row, i) => (i === index ? value : row));
}

/**
 * Enter in row `index`: a new empty row right after it, focused. On an empty row nothing is
 * added (a column of empty rows helps nobody); focus moves to the next row if there is one.
 */
export function addRowAfter(rows: DomainRows, index: number): { rows: string[]; focus: number } {
  if ((rows[index] ?? '') === '') {
    return { rows: [...rows], focus: Math.min(index + 1, rows.length - 1) };
  }
  // A list holds at most as many hosts as the server takes.
  if (rows.length >= PROJECT_LIMITS.domains) return { rows: [...rows], focus: index };
  const next = [...rows];
  next.splice(index + 1, 0, '');
  return { rows: next, focus: index + 1 };
}

/**
 * Removes row `index` (the remove button; Backspace/Delete on an empty row). The last remaining
 * row is cleared instead, so there is always a row to type into. Focus goes to the row before
 * (or the first one).
 */
export function removeRow(rows: DomainRows, index: number): { rows: string[]; focus: number } {
  if (rows.length <= 1) return { rows: [''], focus: 0 };
  const next = rows.filter((_, i) => i !== index);
  return { rows: next, focus: Math.max(0, Math.min(index - 1, next.length - 1)) };
}

/** What is sent: trimmed, empty rows dropped, duplicates (case-insensitive) once. */
export function compactDomains(rows: DomainRows): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const row of rows) {
    const host = row.trim();
    const key = host.toLowerCase();
    if (host === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(host);
  }
  return result;
}

export function isValidHost(host: string): boolean {
  return host.length <= 253 && hostProblem(host) === null;
}

export function isHostProblem(value: unknown): value is HostProblem {
  return (HOST_PROBLEMS as readonly unknown[]).includes(value);
}

/** Non-empty rows that are no host name a browser would send (e.g. 'http://x'), with the reason. */
export function invalidRows(rows: DomainRows): Array<{ index: number; problem: HostProblem }> {
  return rows.flatMap((row, index) => {
    const host = row.trim();
    const problem = host === '' ? null : host.length > 253 ? 'hostLabel' : hostProblem(host);
    return problem ? [{ index, problem }] : [];
  });
}
