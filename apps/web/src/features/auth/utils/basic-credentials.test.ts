import { describe, expect, it } from 'vitest';
import { basicCredentials } from './basic-credentials';

function decode(header: string): string {
  const binary = atob(header.replace(/^Basic /, ''));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

describe('basicCredentials', () => {
  it('encodes user and password as Basic base64(user:password)', () => {
    expect(basicCredentials('demo@example.com', 'demo1234')).toBe(
      `Basic ${btoa('demo@example.com:demo1234')}`,
    );
  });

  it('keeps colons in the password and encodes non-Latin-1 text as UTF-8', () => {
    expect(decode(basicCredentials('a@b.de', 'pa:ss'))).toBe('a@b.de:pa:ss');
    expect(decode(basicCredentials('jörg@example.com', 'Grüße🔑'))).toBe('jörg@example.com:Grüße🔑');
  });
});
