import { actorFromClaims } from '@bpw/domain/actor';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import { describe, expect, it } from 'vitest';
import { personDetailAccess, relationPeriod } from './person-detail-access';
import { personDetailActions } from './person-detail-menu';

const today = '2025-06-01';
const zurich = 'club-zurich';
const bern = 'club-bern';

const relation = (clubId: string, type: number, from = '2020-01-01', to: string | null = null): PersonClubRelation => ({
  id: `${clubId}-${type}-${from}`,
  personId: 'p1',
  clubId,
  type,
  membershipTypeLabel: null,
  from,
  to,
  club: { id: clubId, name: clubId, clubType: 0 },
});

/** `canControlAccount`: the server's answer of the credential rule for the caller (issue 15). */
const person = (state: number = EntityState.Active, canControlAccount = true) => ({
  id: 'p1',
  primaryClubId: zurich,
  state,
  canControlAccount,
});
const admin = actorFromClaims({ sub: 'admin', permissions: ['Admin'], roles: ['Admin'] });
const manager = actorFromClaims({ sub: 'm1', clubAdminIds: [zurich] });
const otherManager = actorFromClaims({ sub: 'm2', clubAdminIds: [bern] });
const self = actorFromClaims({ sub: 'p1', memberClubIds: [zurich] });
const member = actorFromClaims({ sub: 'p2', memberClubIds: [zurich] });
const single = [relation(zurich, MembershipType.single)];

const actions = (access: ReturnType<typeof personDetailAccess>) => personDetailActions(access).flat();

describe('personDetailAccess and the menu (spec 01 §2, §6)', () => {
  it('gives an admin every action on another person', () => {
    expect(actions(personDetailAccess(admin, person(), single, today))).toEqual([
      'address',
      'assignment',
      'avatar',
      'username',
      'password',
      'resetBasic',
      'resetWelcome',
      'resetSecondFactor',
      'vCard',
      'archive',
      'delete',
    ]);
  });

  it('lets a manager of the primary club manage, but not archive', () => {
    const access = personDetailAccess(manager, person(), single, today);
    expect(actions(access)).toEqual([
      'address',
      'assignment',
      'avatar',
      'username',
      'password',
      'resetBasic',
      'resetWelcome',
      'vCard',
      'delete',
    ]);
    expect(access.canToggleRoles).toBe(false);
  });

  it('gives another club’s manager and a member only the vCard', () => {
    expect(actions(personDetailAccess(otherManager, person(), single, today))).toEqual(['vCard']);
    expect(actions(personDetailAccess(member, person(), single, today))).toEqual(['vCard']);
    expect(personDetailAccess(member, person(), single, today).canSeeNotifications).toBe(false);
  });

  it('lets a person edit her own profile, never delete it or reset her password', () => {
    const access = personDetailAccess(self, person(), single, today);
    expect(actions(access)).toEqual(['address', 'avatar', 'username', 'password', 'vCard']);
    expect(access.canSeeNotifications).toBe(true);
    expect(access.canSetPrimaryClub).toBe(true);
  });

  it('hides credentials, reset and delete when the server says the credential rule refuses (issue 15)', () => {
    // e.g. she is an admin or committee member of club Zurich: the token cannot tell.
    const access = personDetailAccess(manager, person(EntityState.Active, false), single, today);
    expect(actions(access)).toEqual(['address', 'assignment', 'avatar', 'vCard']);
  });

  it('hides them from a manager of her primary club when she is event manager of another club', () => {
    const eventManagerOfBern = [...single, relation(bern, MembershipType.responsibleEvents)];
    const access = personDetailAccess(manager, person(), eventManagerOfBern, today);
    expect([access.canChangeCredentials, access.canResetPassword, access.canDelete]).toEqual([false, false, false]);
  });

  it('offers no reset for a person with only external relations', () => {
    const external = [relation(zurich, MembershipType.interested)];
    expect(personDetailAccess(admin, person(), external, today).canResetPassword).toBe(false);
    // ...and an admin cannot archive her (spec 01 §4).
    expect(personDetailAccess(admin, person(), external, today).canArchive).toBe(false);
    expect(personDetailAccess(admin, person(), [], today).canArchive).toBe(true);
  });

  it('blocks credentials and new assignments for an archived person, and offers to reactivate', () => {
    const access = personDetailAccess(admin, person(EntityState.Archived), single, today);
    expect(actions(access)).toEqual(['address', 'avatar', 'vCard', 'unarchive', 'delete']);
  });

  it('lets club managers change relations of their club; past ones of archived persons stay', () => {
    const past = relation(zurich, MembershipType.board, '2010-01-01', '2015-12-31');
    const active = personDetailAccess(manager, person(), [past], today);
    expect(active.canChangeRelation(past)).toBe(true);
    expect(active.canChangeRelation(relation(bern, MembershipType.single))).toBe(false);
    const archived = personDetailAccess(manager, person(EntityState.Archived), [past, ...single], today);
    expect(archived.canChangeRelation(past)).toBe(false);
    expect(archived.canChangeRelation(single[0] as PersonClubRelation)).toBe(true);
  });

  it('sorts relations into active, future and past', () => {
    expect(relationPeriod({ from: '2020-01-01', to: null }, today)).toBe('active');
    expect(relationPeriod({ from: '2025-06-01', to: '2025-06-01' }, today)).toBe('active');
    expect(relationPeriod({ from: '2025-06-02', to: null }, today)).toBe('future');
    expect(relationPeriod({ from: '2020-01-01', to: '2025-05-31' }, today)).toBe('past');
  });
});
