import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExportFormat, exportFormatValues } from './enums/export-format';
import { MembershipType } from './enums/membership-type';
import { PersonListFilter } from './enums/person-list-filter';
import type { Actor } from './actor';
import {
  can,
  canArchivePerson,
  canChangeCredentials,
  canControlAccount,
  type AccountTarget,
  adminOnlyFiltersUsed,
  canChangeLockedPublication,
  canCreateEvent,
  canCreateEventFor,
  canCreatePerson,
  canCreatePersonIn,
  canDeletePerson,
  canEditPerson,
  canEditSubscriptions,
  canExport,
  canExportFormat,
  canManageCategories,
  canManageClub,
  canManageClubRelationsOf,
  canManageClubs,
  canManageEvent,
  canManagePerson,
  canResetPassword,
  canSeeAcceptedTerms,
  canSeeAllClubsOnDashboard,
  canSeeClubMenu,
  canSeeDashboard,
  canSeeManagerFields,
  canSeeNotificationsTab,
  canSeePerson,
  canSeeRegisteredPeople,
  canSetPrimaryClub,
  canToggleRole,
  canUseAllPersonFilters,
  customFieldAudience,
  globalAbilities,
  isOnlyExternal,
  kindsOf,
} from './permissions';

// The cast of spec 01 §6: club A is "the" club.
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
const cast = {
  nobody: actor(),
  member: actor({ memberOf: [A] }),
  clubManager: actor({ clubManagerOf: [A] }),
  otherClubManager: actor({ clubManagerOf: [B] }),
  eventManager: actor({ eventManagerOf: [A] }),
  committee: actor({ isCentralCommittee: true }),
  committeeManager: actor({ isCentralCommittee: true, clubManagerOf: [A] }),
  admin: actor({ isAdmin: true, isCentralCommittee: true }),
};
type CastName = keyof typeof cast;
/** Asserts a predicate over the whole cast, as a table: the names listed get true, the rest false. */
function expectOnly(predicate: (a: Actor) => boolean, allowed: CastName[]) {
  const result = Object.fromEntries(Object.entries(cast).map(([name, a]) => [name, predicate(a)]));
  const expected = Object.fromEntries(Object.keys(cast).map((name) => [name, allowed.includes(name as CastName)]));
  expect(result).toEqual(expected);
}
const personOfA = { id: 'she', primaryClubId: A, clubIds: [A] };
const own = { id: 'me', primaryClubId: A, clubIds: [A] };
const accountOfA = { id: 'she', primaryClubId: A, hasStoredRole: false, roleClubIds: [] as string[] };
const ownAccount = { ...accountOfA, id: 'me' };
const arbitraryActor = fc.record({
  personId: fc.constantFrom('me', 'she'),
  isAdmin: fc.boolean(),
  isCentralCommittee: fc.boolean(),
  clubManagerOf: fc.subarray([A, B]),
  eventManagerOf: fc.subarray([A, B]),
  memberOf: fc.subarray([A, B]),
});

describe('global abilities (spec 01 §2 menus, §6)', () => {
  it('reads as a table of actor kinds', () => {
    expect(kindsOf(cast.admin)).toEqual(['admin', 'centralCommittee']);
    expect(kindsOf(actor({ isAdmin: true }))).toContain('centralCommittee');
    expect(kindsOf(cast.member)).toEqual(['member']);
    for (const ability of Object.keys(globalAbilities) as Array<keyof typeof globalAbilities>) {
      expect(can(cast.admin, ability), ability).toBe(true);
      expect(can(cast.nobody, ability), ability).toBe(false);
    }
  });
  it('canSeeDashboard and canExport: admin, club manager or committee', () => {
    expectOnly(canSeeDashboard, ['clubManager', 'otherClubManager', 'committee', 'committeeManager', 'admin']);
    expectOnly(canExport, ['clubManager', 'otherClubManager', 'committee', 'committeeManager', 'admin']);
  });
  it('canSeeAllClubsOnDashboard: admin and committee', () => {
    expectOnly(canSeeAllClubsOnDashboard, ['committee', 'committeeManager', 'admin']);
  });
  it('canCreatePerson: admins and club managers', () => {
    expectOnly(canCreatePerson, ['clubManager', 'otherClubManager', 'committeeManager', 'admin']);
  });
  it('canCreateEvent: admins and event managers', () => {
    expectOnly(canCreateEvent, ['eventManager', 'admin']);
  });
  it('admin only: clubs, categories, locked publications, all filters, accepted terms', () => {
    for (const predicate of [
      canManageClubs,
      canManageCategories,
      canChangeLockedPublication,
      canUseAllPersonFilters,
      canSeeAcceptedTerms,
    ]) {
      expectOnly(predicate, ['admin']);
    }
  });
});

describe('canExportFormat (spec 01 §6 "Export limits")', () => {
  it('lets admins and committee managers use every format', () => {
    for (const format of exportFormatValues) {
      expect(canExportFormat(cast.admin, format)).toBe(true);
      expect(canExportFormat(cast.committeeManager, format)).toBe(true);
    }
  });
  it('keeps club managers outside the committee from onlyMainData', () => {
    expect(canExportFormat(cast.clubManager, ExportFormat.onlyMainData)).toBe(false);
    expect(canExportFormat(cast.clubManager, ExportFormat.allData)).toBe(true);
  });
  it('limits committee members who manage no club to onlyMainData', () => {
    for (const format of exportFormatValues) {
      expect(canExportFormat(cast.committee, format)).toBe(format === ExportFormat.onlyMainData);
    }
  });
  it('never lets someone export a format without the export ability', () => {
    fc.assert(
      fc.property(arbitraryActor, fc.constantFrom(...exportFormatValues), (a, format) => {
        if (canExportFormat(a, format)) expect(canExport(a)).toBe(true);
      }),
    );
  });
});

describe('clubs', () => {
  it('canManageClub, canCreatePersonIn, canManageClubRelationsOf: the club’s manager and admins', () => {
    for (const predicate of [canManageClub, canCreatePersonIn, canManageClubRelationsOf]) {
      expectOnly((a) => predicate(a, A), ['clubManager', 'committeeManager', 'admin']);
    }
  });
  it('canSeeClubMenu: also the club’s event managers', () => {
    expectOnly((a) => canSeeClubMenu(a, A), ['clubManager', 'eventManager', 'committeeManager', 'admin']);
  });
});

describe('persons', () => {
  it('canManagePerson: the manager of her primary club, and admins', () => {
    expectOnly((a) => canManagePerson(a, personOfA), ['clubManager', 'committeeManager', 'admin']);
    // a club of hers that is not her primary club does not count
    expect(canManagePerson(cast.otherClubManager, { primaryClubId: A, clubIds: [A, B] })).toBe(false);
  });
  it('canManagePerson without a primary club: the managers of any of her clubs', () => {
    expect(canManagePerson(cast.otherClubManager, { primaryClubId: null, clubIds: [A, B] })).toBe(true);
    expect(canManagePerson(cast.clubManager, { primaryClubId: null, clubIds: [] })).toBe(false);
  });
  it('canEditPerson, canSeeManagerFields, canSeeNotificationsTab: managers and the person herself', () => {
    for (const predicate of [canEditPerson, canSeeManagerFields, canSeeNotificationsTab]) {
      expectOnly((a) => predicate(a, personOfA), ['clubManager', 'committeeManager', 'admin']);
      expectOnly((a) => predicate(a, own), Object.keys(cast) as CastName[]);
    }
  });
  it('canChangeCredentials: the credential rule, never for an archived person', () => {
    expect(canChangeCredentials(cast.clubManager, { ...accountOfA, isArchived: false })).toBe(true);
    expect(canChangeCredentials(cast.admin, { ...accountOfA, isArchived: true })).toBe(false);
    expect(canChangeCredentials(cast.member, { ...ownAccount, isArchived: false })).toBe(true);
    expect(canChangeCredentials(cast.member, { ...accountOfA, isArchived: false })).toBe(false);
    expect(canChangeCredentials(cast.clubManager, { ...accountOfA, hasStoredRole: true, isArchived: false })).toBe(
      false,
    );
  });
  it('canResetPassword: the credential rule, not own, not archived, not only external (spec 01 §6)', () => {
    const target = { ...accountOfA, isArchived: false, isOnlyExternal: false };
    expectOnly((a) => canResetPassword(a, target), ['clubManager', 'committeeManager', 'admin']);
    expect(canResetPassword(cast.admin, { ...target, id: 'me' })).toBe(false);
    expect(canResetPassword(cast.admin, { ...target, isArchived: true })).toBe(false);
    expect(canResetPassword(cast.admin, { ...target, isOnlyExternal: true })).toBe(false);
    expectOnly((a) => canResetPassword(a, { ...target, hasStoredRole: true }), ['admin']);
  });
  it('isOnlyExternal: all active relations external; none at all is not', () => {
    const T = MembershipType;
    expect(isOnlyExternal([T.interested, T.speaker])).toBe(true);
    expect(isOnlyExternal([T.company, T.other])).toBe(true);
    expect(isOnlyExternal([T.interested, T.single])).toBe(false);
    expect(isOnlyExternal([T.database])).toBe(false);
    expect(isOnlyExternal([])).toBe(false);
  });
  it('canDeletePerson: the credential rule, never the own profile', () => {
    expectOnly((a) => canDeletePerson(a, accountOfA), ['clubManager', 'committeeManager', 'admin']);
    expectOnly((a) => canDeletePerson(a, ownAccount), []);
    expectOnly((a) => canDeletePerson(a, { ...accountOfA, primaryClubId: null }), ['admin']);
    expectOnly((a) => canDeletePerson(a, { ...accountOfA, roleClubIds: [B] }), ['admin']);
  });
  it('canArchivePerson: admins, for persons without memberships or with a non-external one', () => {
    const T = MembershipType;
    expectOnly((a) => canArchivePerson(a, { relationTypes: [] }), ['admin']);
    expect(canArchivePerson(cast.admin, { relationTypes: [T.interested, T.single] })).toBe(true);
    expect(canArchivePerson(cast.admin, { relationTypes: [T.interested] })).toBe(false);
  });
  it('canSetPrimaryClub: admins for others, everyone for herself', () => {
    expectOnly((a) => canSetPrimaryClub(a, personOfA), ['admin']);
    expectOnly((a) => canSetPrimaryClub(a, own), Object.keys(cast) as CastName[]);
  });
  it('canEditSubscriptions: admin, a manager of one of her clubs, or she herself', () => {
    const inTwoClubs = { id: 'she', primaryClubId: A, clubIds: [A, B] };
    expectOnly(
      (a) => canEditSubscriptions(a, inTwoClubs),
      ['clubManager', 'otherClubManager', 'committeeManager', 'admin'],
    );
    expectOnly((a) => canEditSubscriptions(a, own), Object.keys(cast) as CastName[]);
  });
  it('canToggleRole: admins, never on their own account', () => {
    expectOnly((a) => canToggleRole(a, 'she'), ['admin']);
    expectOnly((a) => canToggleRole(a, 'me'), []);
  });
  it('canSeePerson: everybody an active person; an archived one only admins, her managers and herself', () => {
    expectOnly((a) => canSeePerson(a, { ...personOfA, isArchived: false }), Object.keys(cast) as CastName[]);
    expectOnly(
      (a) => canSeePerson(a, { ...personOfA, isArchived: true }),
      ['clubManager', 'committeeManager', 'admin'],
    );
    expectOnly((a) => canSeePerson(a, { ...own, isArchived: true }), Object.keys(cast) as CastName[]);
  });
  it('adminOnlyFiltersUsed: the parameters with a value only admins choose, by their names (spec 01 §2)', () => {
    const F = PersonListFilter;
    const chosen = (personFilters: number[], states: number[], courier: number[]) => ({
      PersonClubTypes: { kind: 'personListFilters' as const, values: personFilters },
      States: { kind: 'states' as const, values: states },
      BpwCourier: { kind: 'courier' as const, values: courier },
    });
    expect(adminOnlyFiltersUsed(cast.clubManager, chosen([F.currentMember, F.isCompanyMember], [0], []))).toEqual([]);
    expect(adminOnlyFiltersUsed(cast.clubManager, chosen([F.currentMember, F.isCoach], [0, 90], [10]))).toEqual([
      'PersonClubTypes',
      'States',
      'BpwCourier',
    ]);
    expect(
      adminOnlyFiltersUsed(cast.committee, { PersonOptions: { kind: 'personListFilters', values: [F.speaker] } }),
    ).toEqual(['PersonOptions']);
    expectOnly((a) => adminOnlyFiltersUsed(a, chosen([F.isCoach], [90], [0])).length === 0, ['admin']);
  });
});

describe('canControlAccount: the credential rule of issue 15 (docs/decisions/credentials.md)', () => {
  const managerOfA = actor({ personId: 'm', clubManagerOf: [A] });
  const managerOfAB = actor({ personId: 'm', clubManagerOf: [A, B] });
  const admin = actor({ personId: 'm', isAdmin: true, isCentralCommittee: true });
  const committee = actor({ personId: 'm', isCentralCommittee: true });
  const eventManagerOfA = actor({ personId: 'm', eventManagerOf: [A] });
  const target = (overrides: Partial<AccountTarget> = {}): AccountTarget => ({
    id: 'she',
    primaryClubId: A,
    hasStoredRole: false,
    roleClubIds: [],
    ...overrides,
  });
  const rows: [string, Actor, AccountTarget, boolean][] = [
    ['she herself', actor({ personId: 'she' }), target({ hasStoredRole: true, roleClubIds: [B] }), true],
    ['an admin, whoever she is', admin, target({ primaryClubId: null, hasStoredRole: true, roleClubIds: [B] }), true],
    ['the manager of her primary club, an ordinary member', managerOfA, target(), true],
    ['the manager of her primary club, she co-manages it', managerOfA, target({ roleClubIds: [A] }), true],
    ['the manager of her primary club, she holds a stored role', managerOfA, target({ hasStoredRole: true }), false],
    ['the manager of her primary club, she has a role in club B', managerOfA, target({ roleClubIds: [A, B] }), false],
    ['a manager of both her role clubs', managerOfAB, target({ roleClubIds: [A, B] }), true],
    ['a manager of another club', actor({ personId: 'm', clubManagerOf: [B] }), target(), false],
    ['any manager, she has no primary club', managerOfAB, target({ primaryClubId: null }), false],
    ['a committee member', committee, target(), false],
    ['an event manager of her primary club', eventManagerOfA, target(), false],
    ['a member of her club', actor({ personId: 'm', memberOf: [A] }), target(), false],
  ];
  it.each(rows)('%s', (_name, who, whom, expected) => {
    expect(canControlAccount(who, whom)).toBe(expected);
  });
  it('assigning her to more clubs never widens it: the rule does not read her clubs at all', () => {
    fc.assert(
      fc.property(
        arbitraryActor,
        fc.constantFrom(null, A, B),
        fc.boolean(),
        fc.subarray([A, B]),
        (a, primary, stored, roles) => {
          const base = target({ primaryClubId: primary, hasStoredRole: stored, roleClubIds: roles });
          // Gaining a role club or a stored role never grants what was refused.
          const more = { ...base, hasStoredRole: true, roleClubIds: [...new Set([...roles, A])] };
          if (!canControlAccount(a, base)) expect(canControlAccount(a, more)).toBe(false);
        },
      ),
    );
  });
});

describe('events (spec 02 §6)', () => {
  it('canManageEvent and canCreateEventFor: the responsible club’s event managers and admins', () => {
    expectOnly((a) => canManageEvent(a, { responsibleClubId: A }), ['eventManager', 'admin']);
    expectOnly((a) => canCreateEventFor(a, A), ['eventManager', 'admin']);
    expect(canManageEvent(cast.eventManager, { responsibleClubId: B })).toBe(false);
  });
  it('canSeeRegisteredPeople and customFieldAudience: signed-in users versus guests', () => {
    expect(canSeeRegisteredPeople(null)).toBe(false);
    expect(canSeeRegisteredPeople(cast.nobody)).toBe(true);
    expect(customFieldAudience(null)).toBe('guest');
    expect(customFieldAudience(cast.member)).toBe('member');
  });
  it('admins can do whatever any scoped rule allows someone', () => {
    fc.assert(
      fc.property(arbitraryActor, fc.constantFrom(A, B), (a, clubId) => {
        const admin = { ...a, isAdmin: true };
        expect(canManageClub(admin, clubId)).toBe(true);
        expect(canManageEvent(admin, { responsibleClubId: clubId })).toBe(true);
        expect(canManagePerson(admin, { primaryClubId: clubId, clubIds: [] })).toBe(true);
      }),
    );
  });
});
