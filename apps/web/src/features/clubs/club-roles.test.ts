import { MembershipType as T } from '@bpw/domain/enums/membership-type';
import { describe, expect, it } from 'vitest';
import type { ClubRelation } from './api/get-club-relations';
import { groupRoles } from './club-roles';

let next = 0;
function relation(type: number, from: string, to: string | null, lastname = 'Muster'): ClubRelation {
  next += 1;
  const id = `p${next}`;
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

describe('groupRoles', () => {
  it('makes one card per role type in enum order, keeping the server’s name order', () => {
    const groups = groupRoles(
      [
        relation(T.responsibleEvents, '2020-01-01', null, 'Amsler'),
        relation(T.president, '2022-01-01', null, 'Bieri'),
        relation(T.interested, '2021-01-01', null, 'Caduff'),
        relation(T.interested, '2021-01-01', null, 'Dubois'),
      ],
      [],
    );
    expect(groups.map((group) => group.key)).toEqual([T.president, T.responsibleEvents, T.interested]);
    expect(groups[2]?.active.map((r) => r.person.lastname)).toEqual(['Caduff', 'Dubois']);
  });

  it('puts the inactive relations of a type in its card, newest first; a card of only inactive ones too', () => {
    const groups = groupRoles(
      [relation(T.board, '2020-01-01', null)],
      [
        relation(T.board, '2010-01-01', '2012-12-31', 'Alt'),
        relation(T.board, '2030-01-01', null, 'Künftig'),
        relation(T.speaker, '2015-01-01', '2016-01-01', 'Rednerin'),
      ],
    );
    expect(groups.map((group) => group.key)).toEqual([T.board, T.speaker]);
    expect(groups[0]?.inactive.map((r) => r.person.lastname)).toEqual(['Künftig', 'Alt']);
    expect(groups[1]?.active).toEqual([]);
  });

  it('ignores member types (they are the Members count) and answers no cards without roles', () => {
    expect(groupRoles([relation(T.single, '2020-01-01', null)], [])).toEqual([]);
    expect(groupRoles([], [])).toEqual([]);
  });
});
