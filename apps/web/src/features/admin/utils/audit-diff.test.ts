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

  it('lists a nested object field by field, so a changed text is one readable row', () => {
    const before = {
      name: { de: 'Alt', en: 'Old' },
      description: { de: '<p>Zeile 1</p>\n<p>Zeile 2</p>', en: 'x' },
    };
    const after = {
      name: { de: 'Neu', en: 'Old' },
      description: { de: '<p>Zeile 1</p>\n<p>Zeile 3</p>', en: 'x' },
    };
    expect(auditDiff(before, after)).toEqual([
      { field: 'name.de', before: 'Alt', after: 'Neu' },
      {
        field: 'description.de',
        before: '<p>Zeile 1</p>\n<p>Zeile 2</p>',
        after: '<p>Zeile 1</p>\n<p>Zeile 3</p>',
      },
    ]);
    // Shown with real line breaks, never as "\\n" escapes.
    expect(diffValue(auditDiff(before, after)[1]!.after)).not.toContain('\\n');
  });

  it('treats plain values as one field, and an action without objects as no change', () => {
    expect(auditDiff('alt', 'neu')).toEqual([{ field: '', before: 'alt', after: 'neu' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe('diffValue', () => {
  it('shows strings as they are, lists one item a line, other values as indented JSON', () => {
    expect(diffValue('Text')).toBe('Text');
    expect(diffValue(true)).toBe('true');
    expect(diffValue(['a.example', 'b.example'])).toBe('a.example\nb.example');
    expect(diffValue({ de: 'a' })).toBe('{\n  "de": "a"\n}');
    expect(diffValue(null)).toBe('');
    expect(diffValue(undefined)).toBe('');
  });
});
