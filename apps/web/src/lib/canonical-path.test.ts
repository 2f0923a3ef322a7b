import { describe, expect, it } from 'vitest';
import { redirectToCanonical } from './canonical-path';

const request = (path: string) => new Request(`http://portal.test${path}`);

function target(path: string, canonical: string): string | null {
  try {
    redirectToCanonical(request(path), canonical);
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
}

describe('redirectToCanonical', () => {
  it('lets the canonical address through', () => {
    expect(target('/services/captcha-pro-c1', '/services/captcha-pro-c1')).toBeNull();
    expect(target('/projects/shop-p1/captcha-pro-l1', '/projects/shop-p1')).toBeNull();
  });

  it('corrects another slug, keeping query and hash', () => {
    expect(target('/services/old-c1?x=1#g', '/services/captcha-pro-c1')).toBe(
      '/services/captcha-pro-c1?x=1#g',
    );
  });

  it('keeps the child part of the path after the corrected segment', () => {
    expect(target('/projects/alt-p1/captcha-pro-l1', '/projects/neu-p1')).toBe(
      '/projects/neu-p1/captcha-pro-l1',
    );
    expect(target('/projects/alt-p1/x-l1', '/projects/neu-p1/captcha-pro-l1')).toBe(
      '/projects/neu-p1/captcha-pro-l1',
    );
  });
});
