import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const value of [undefined, '', '  ', 'false', 'FALSE', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('takes a hop count or a list of addresses and ranges', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.10 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses to start on anything else, naming the value', () => {
    for (const value of ['true', '*', 'proxy.example.ch', '10.0.0.0/33', '10.0.0.1,', '::1/129', '1.5', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^TRUST_PROXY must be/);
    }
  });
});
