import { describe, expect, it } from 'vitest';
import { encodeForm } from './form-encoding';

describe('encodeForm', () => {
  it('writes arrays with bracket names', () => {
    expect(encodeForm({ domainsProduction: ['a.example.com', 'b.example.com'] })).toBe(
      'domainsProduction[]=a.example.com&domainsProduction[]=b.example.com',
    );
  });

  it('encodes scalars, booleans and numbers', () => {
    expect(encodeForm({ name: 'Mein Projekt', online: true, count: 3, off: false })).toBe(
      'name=Mein%20Projekt&online=true&count=3&off=false',
    );
  });

  it('percent-encodes reserved characters and umlauts in values and names', () => {
    expect(encodeForm({ 'a&b': 'x=y&z', text: 'Grüße' })).toBe('a%26b=x%3Dy%26z&text=Gr%C3%BC%C3%9Fe');
  });

  it('leaves out undefined and sends null as empty', () => {
    expect(encodeForm({ keep: 'x', skip: undefined, clear: null })).toBe('keep=x&clear=');
  });

  it('sends an empty list as one empty entry, so "now empty" differs from "unchanged"', () => {
    expect(encodeForm({ domainsSandbox: [] })).toBe('domainsSandbox[]=');
  });

  it('writes nested objects and lists of objects the way qs reads them', () => {
    expect(encodeForm({ values: { a: '1', b: ['x'] } })).toBe('values[a]=1&values[b][]=x');
    expect(encodeForm({ rows: [{ id: 'a' }, { id: 'b' }] })).toBe('rows[0][id]=a&rows[1][id]=b');
  });

  it('keeps JSON strings intact (licence settings are sent as a JSON string)', () => {
    const values = JSON.stringify({ title: 'Hallo & Tschüss' });
    const encoded = encodeForm({ values });
    expect(new URLSearchParams(encoded).get('values')).toBe(values);
  });

  it('refuses numbers that are not finite', () => {
    expect(() => encodeForm({ n: Number.NaN })).toThrow(TypeError);
  });

  it('returns an empty string for no fields', () => {
    expect(encodeForm({})).toBe('');
  });
});
