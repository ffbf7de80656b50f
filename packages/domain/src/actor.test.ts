import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Actor, actorFromClaims, claimsOf, deriveClubRoles, isRelationActiveOn, rolesOf } from './actor';
import { MembershipType } from './enums/membership-type';

const A = 'club-a';
const B = 'club-b';
const actor = (overrides: Partial<Actor> = {}): Actor => ({
  personId: 'me',
  isAdmin: false,
  isCentralCommittee: false,
  clubManagerOf: [],
  eventManagerOf: [],
  memberOf: [],
  ...overrides,
});
const admin = actor({ isAdmin: true, isCentralCommittee: true });
const arbitraryActor = fc.record({
  personId: fc.uuid(),
  isAdmin: fc.boolean(),
  isCentralCommittee: fc.boolean(),
  clubManagerOf: fc.subarray([A, B]),
  eventManagerOf: fc.subarray([A, B]),
  memberOf: fc.subarray([A, B]),
});

describe('roles and claims', () => {
  const rel = (clubId: string, type: number, from: string, to: string | null = null) => ({ clubId, type, from, to });
  it('isRelationActiveOn: from <= day and (to null or to >= day)', () => {
    expect(isRelationActiveOn({ from: '2026-01-01', to: null }, '2026-01-01')).toBe(true);
    expect(isRelationActiveOn({ from: '2026-01-02', to: null }, '2026-01-01')).toBe(false);
    expect(isRelationActiveOn({ from: '2025-01-01', to: '2026-01-01' }, '2026-01-01')).toBe(true);
    expect(isRelationActiveOn({ from: '2025-01-01', to: '2025-12-31' }, '2026-01-01')).toBe(false);
  });
  it('deriveClubRoles: database, events responsible and member types, active on the day', () => {
    const T = MembershipType;
    const roles = deriveClubRoles(
      [
        rel(A, T.database, '2020-01-01'),
        rel(B, T.responsibleEvents, '2020-01-01'),
        rel(A, T.singleNoFee, '2020-01-01'),
        rel(B, T.collective, '2020-01-01', '2026-03-01'),
        rel(B, T.database, '2026-03-02'), // starts tomorrow
        rel(B, T.single, '2019-01-01', '2026-02-28'), // ended yesterday
        rel(B, T.president, '2020-01-01'),
      ],
      '2026-03-01',
    );
    expect(roles).toEqual({ clubManagerOf: [A], eventManagerOf: [B], memberOf: [A, B] });
  });
  it('rolesOf and claimsOf: stored and derived roles; admins are committee; Admin permission', () => {
    expect(rolesOf(admin)).toEqual(['Admin', 'CentralExecutiveCommittee']);
    expect(rolesOf(actor({ isAdmin: true }))).toEqual(['Admin', 'CentralExecutiveCommittee']);
    expect(rolesOf(actor({ clubManagerOf: [A], eventManagerOf: [A], memberOf: [A] }))).toEqual([
      'clubManager',
      'eventManager',
      'member',
    ]);
    expect(claimsOf(admin)).toEqual({
      sub: 'me',
      clubAdminIds: [],
      eventAdminIds: [],
      memberClubIds: [],
      permissions: ['Admin'],
      roles: ['Admin', 'CentralExecutiveCommittee'],
    });
  });
  it('actorFromClaims inverts claimsOf', () => {
    fc.assert(
      fc.property(arbitraryActor, (a) => {
        const normal = { ...a, isCentralCommittee: a.isAdmin || a.isCentralCommittee };
        expect(actorFromClaims(claimsOf(normal))).toEqual(normal);
      }),
    );
  });
  it('actorFromClaims copes with missing claims', () => {
    expect(actorFromClaims({})).toEqual(actor({ personId: '' }));
    expect(actorFromClaims({ sub: 'x', permissions: ['SuperAdmin'] })).toMatchObject({
      isAdmin: true,
      isCentralCommittee: true,
    });
  });
});
