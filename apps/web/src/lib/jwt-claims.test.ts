import { describe, expect, it } from 'vitest';
import { decodeClaims } from './jwt-claims';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('decodeClaims', () => {
  it('reads the claims of a base64url payload, UTF-8 included', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({
      sub: 'p-1',
      clubAdminIds: ['c-1'],
      roles: ['Admin'],
      name: 'Zoë Müller',
      exp: 123,
    })}.signature`;

    expect(decodeClaims(token)).toEqual({
      sub: 'p-1',
      clubAdminIds: ['c-1'],
      eventAdminIds: [],
      memberClubIds: [],
      permissions: [],
      roles: ['Admin'],
      exp: 123,
    });
  });

  it('answers empty claims for a missing or damaged token', () => {
    expect(decodeClaims(null).roles).toEqual([]);
    expect(decodeClaims('not-a-jwt').sub).toBe('');
    expect(decodeClaims('a.%%%.c').clubAdminIds).toEqual([]);
  });
});
