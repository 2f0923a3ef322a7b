import { describe, expect, it } from 'vitest';
import { auditDiff, diffValue } from './audit-diff';

describe('auditDiff', () => {
  it('lists only the fields a change changed', () => {
    expect(auditDiff({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual([
      { field: 'b', before: 'x', after: 'y' },
      { field: 'c', before: [1], after: [1, 2] },
    ]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('lists every field of a created or deleted object', () => {
    expect(auditDiff(null, { a: 1, b: 2 })).toEqual([
      { field: 'a', before: undefined, after: 1 },
      { field: 'b', before: undefined, after: 2 },
    ]);
    expect(auditDiff({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, after: undefined }]);
  });

  it('treats plain values as one field, and an action without objects as no change', () => {
    expect(auditDiff('alt', 'neu')).toEqual([{ field: '', before: 'alt', after: 'neu' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe('diffValue', () => {
  it('shows strings as they are and other values as JSON', () => {
    expect(diffValue('Text')).toBe('Text');
    expect(diffValue(true)).toBe('true');
    expect(diffValue({ de: 'a' })).toBe('{"de":"a"}');
    expect(diffValue(null)).toBe('');
    expect(diffValue(undefined)).toBe('');
  });
});
