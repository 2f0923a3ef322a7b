/** One line of an audit entry's diff: a field and its value before and after. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an admin write changed: for a change the fields whose value differs, for a new
 * object every field it has, for a deleted one every field it had. Values that are not objects
 * count as one field named '' (e.g. a text).
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => before === null || after === null || JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: isRecord(before) ? from[field] : undefined, after: isRecord(after) ? to[field] : undefined }));
}

/** A value as text for the diff: strings as they are, everything else as JSON; '' for none. */
export function diffValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
