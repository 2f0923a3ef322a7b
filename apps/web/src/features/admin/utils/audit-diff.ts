/** One line of an audit entry's diff: a field and its value before and after. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object's fields as one level: nested objects become dotted fields ({ name: { de } } →
 * 'name.de'), so a change to one language of a text is one row with two readable texts, not two
 * JSON blobs. Depth is bounded (audit values are small documents); deeper values stay whole.
 */
function flatten(value: Record<string, unknown>, prefix = '', depth = 0): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (isRecord(inner) && depth < 4 && Object.keys(inner).length > 0)
      Object.assign(flat, flatten(inner, field, depth + 1));
    else flat[field] = inner;
  }
  return flat;
}

/**
 * The fields an admin write changed: for a change the fields whose value differs, for a new
 * object every field it has, for a deleted one every field it had. Nested objects count field by
 * field ('name.de'). Values that are not objects count as one field named '' (e.g. a text).
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const from = isRecord(before) ? flatten(before) : {};
  const to = isRecord(after) ? flatten(after) : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter(
      (field) =>
        before === null || after === null || JSON.stringify(from[field]) !== JSON.stringify(to[field]),
    )
    .map((field) => ({
      field,
      before: isRecord(before) ? from[field] : undefined,
      after: isRecord(after) ? to[field] : undefined,
    }));
}

/**
 * A value as text for the diff: strings as they are (their line breaks shown as breaks), lists
 * of plain values one per line, anything else as indented JSON; '' for none.
 */
export function diffValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.map((item) => String(item)).join('\n');
  return typeof value === 'object' ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}
