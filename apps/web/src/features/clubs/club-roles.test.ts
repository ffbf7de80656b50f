import { MembershipType as T } from '@bpw/domain/enums/membership-type';
import { describe, expect, it } from 'vitest';
import type { ClubRelation } from './api/get-club-relations';
import { activeMembers, countInactive, groupRoles, todayIso } from './club-roles';

let next = 0;
function relation(type: number, from: string, to: string | null, lastname = 'Muster', personId?: string): ClubRelation {
  next += 1;
  const id = personId ?? `p${next}`;
  return {
    id: `r${next}`,
    personId: id,
    person: { id, firstname: 'Anna', lastname, avatarId: null },
    clubId: 'c1',
    type,
    membershipTypeLabel: null,
    from,
    to,
  };
}

const today = '2026-05-10';

describe('groupRoles', () => {
  it('puts all member types in one Members card first, then the roles in enum order', () => {
    const groups = groupRoles(
      [
        relation(T.responsibleEvents, '2020-01-01', null),
        relation(T.single, '2020-01-01', null, 'Zeller'),
        relation(T.company, '2021-01-01', null, 'Amsler'),
        relation(T.president, '2022-01-01', null),
      ],
      today,
    );
    expect(groups.map((group) => group.key)).toEqual(['members', T.president, T.responsibleEvents]);
    expect(groups[0]?.active.map((r) => r.person.lastname)).toEqual(['Amsler', 'Zeller']);
  });

  it('counts past and future relations as inactive, the boundaries as active', () => {
    const groups = groupRoles(
      [
        relation(T.board, '2020-01-01', '2026-05-09'),
        relation(T.board, '2026-05-11', null),
        relation(T.board, '2026-05-10', '2026-05-10'),
        relation(T.board, '2019-01-01', today),
      ],
      today,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]?.active).toHaveLength(2);
    expect(groups[0]?.inactive).toHaveLength(2);
    expect(countInactive(groups)).toBe(2);
  });

  it('answers no cards for a club without relations', () => {
    expect(groupRoles([], today)).toEqual([]);
  });
});

describe('activeMembers', () => {
  it('lists each active member once, without roles and former members', () => {
    const members = activeMembers(
      [
        relation(T.single, '2020-01-01', null, 'Keller', 'p-a'),
        relation(T.collective, '2021-01-01', null, 'Keller', 'p-a'),
        relation(T.single, '2010-01-01', '2015-01-01', 'Alt'),
        relation(T.president, '2020-01-01', null, 'Boss'),
        relation(T.singleNoFee, '2020-01-01', null, 'Bieri'),
      ],
      today,
    );
    expect(members.map((r) => r.person.lastname)).toEqual(['Bieri', 'Keller']);
  });
});

describe('todayIso', () => {
  it('formats the local date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
