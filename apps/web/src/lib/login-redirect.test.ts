import { describe, expect, it } from 'vitest';
import { loginUrl, returnPathOf } from './login-redirect';

describe('the way to the login page and back', () => {
  it('carries the page to come back to as returnTo', () => {
    const url = loginUrl('/persons/p1?tab=2#x');
    expect(url).toBe('/login?returnTo=%2Fpersons%2Fp1%3Ftab%3D2%23x');
    expect(returnPathOf(new URL(url, 'http://app').search)).toBe('/persons/p1?tab=2#x');
  });

  it('leaves returnTo out when there is nothing to come back to', () => {
    expect(loginUrl(null)).toBe('/login');
    expect(loginUrl('/login?returnTo=%2Fclubs')).toBe('/login');
    expect(returnPathOf('')).toBeNull();
  });

  it('takes only paths of this app from the query', () => {
    for (const evil of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/login',
      'persons',
    ]) {
      expect(returnPathOf(`?returnTo=${encodeURIComponent(evil)}`), evil).toBeNull();
    }
  });
});
