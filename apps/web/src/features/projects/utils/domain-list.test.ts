import { describe, expect, it } from 'vitest';
import {
  addRowAfter,
  compactDomains,
  invalidRows,
  isValidHost,
  removeRow,
  setRow,
  stripSpaces,
  toRows,
} from './domain-list';
import { PROJECT_LIMITS } from '@portal/contract/project';

describe('domain list editing', () => {
  it('always offers a row to type into', () => {
    expect(toRows([])).toEqual(['']);
    expect(toRows(['a.example.com'])).toEqual(['a.example.com']);
  });

  it('takes spaces out, typed or pasted, and says so', () => {
    expect(stripSpaces('www.example.com')).toEqual({ value: 'www.example.com', removed: false });
    expect(stripSpaces(' www. example.com\t')).toEqual({ value: 'www.example.com', removed: true });
  });

  it('sets one row', () => {
    expect(setRow(['a', 'b'], 1, 'c')).toEqual(['a', 'c']);
  });

  it('Enter adds an empty row after the current one and focuses it', () => {
    expect(addRowAfter(['a', 'b'], 0)).toEqual({ rows: ['a', '', 'b'], focus: 1 });
    expect(addRowAfter(['a'], 0)).toEqual({ rows: ['a', ''], focus: 1 });
  });

  it('Enter on an empty row adds nothing and moves on', () => {
    expect(addRowAfter(['a', ''], 1)).toEqual({ rows: ['a', ''], focus: 1 });
    expect(addRowAfter(['', 'b'], 0)).toEqual({ rows: ['', 'b'], focus: 1 });
  });

  it('Enter adds no row beyond the number of hosts the server takes', () => {
    const full = Array.from({ length: PROJECT_LIMITS.domains }, (_, i) => `host${i}.example.com`);
    expect(addRowAfter(full, 3)).toEqual({ rows: full, focus: 3 });
  });

  it('removing a row focuses the one before; the only row is cleared', () => {
    expect(removeRow(['a', 'b', ''], 2)).toEqual({ rows: ['a', 'b'], focus: 1 });
    expect(removeRow(['a', 'b'], 0)).toEqual({ rows: ['b'], focus: 0 });
    expect(removeRow(['a'], 0)).toEqual({ rows: [''], focus: 0 });
    expect(removeRow([''], 0)).toEqual({ rows: [''], focus: 0 });
  });

  it('drops empty rows and repeats before sending', () => {
    expect(compactDomains(['', 'a.example.com', ' ', 'A.example.com', 'b.example.com', ''])).toEqual([
      'a.example.com',
      'b.example.com',
    ]);
    expect(compactDomains([''])).toEqual([]);
  });

  it('accepts host names as a browser sends them, nothing else', () => {
    for (const host of [
      'www.example.com',
      'localhost',
      'shop.example.co.uk',
      'localhost:8080',
      '*.example.com',
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of ['https://example.com', 'example.com/path', 'exa mple.com', '-bad.example.com']) {
      expect(isValidHost(host), host).toBe(false);
    }
    expect(invalidRows(['ok.example.com', '', 'http://x', 'example..com'])).toEqual([
      { index: 2, problem: 'hostScheme' },
      { index: 3, problem: 'hostEmptyLabel' },
    ]);
  });
});
