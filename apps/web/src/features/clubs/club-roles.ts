import { isRelationActiveOn } from '@bpw/domain/actor';
import { isMemberType, membershipTypeValues } from '@bpw/domain/enums/membership-type';
import type { ClubRelation } from './api/get-club-relations';

/** One card of the Active roles tab: a role type, or all member types together ('members'). */
export interface RoleGroup {
  key: 'members' | number;
  active: ClubRelation[];
  inactive: ClubRelation[];
}

const byName = (a: ClubRelation, b: ClubRelation) =>
  `${a.person.lastname} ${a.person.firstname ?? ''}`.localeCompare(
    `${b.person.lastname} ${b.person.firstname ?? ''}`,
    'de',
  );
const byDateDesc = (a: ClubRelation, b: ClubRelation) => (b.to ?? b.from).localeCompare(a.to ?? a.from);

/**
 * Spec 01 §2 "Active roles tab": one card per role type in the enum's order, the member types
 * (0-3) combined in one Members card first. Active means active today (`from <= today` and `to`
 * open or `>= today`); past and future relations are the inactive ones behind the toggle.
 */
export function groupRoles(relations: readonly ClubRelation[], today: string): RoleGroup[] {
  const groups = new Map<RoleGroup['key'], RoleGroup>();
  const order: RoleGroup['key'][] = ['members', ...membershipTypeValues.filter((type) => !isMemberType(type))];
  for (const key of order) groups.set(key, { key, active: [], inactive: [] });
  for (const relation of relations) {
    const key = isMemberType(relation.type) ? 'members' : relation.type;
    let group = groups.get(key);
    if (!group) {
      // A type unknown to this version of the app still gets its card, at the end.
      group = { key, active: [], inactive: [] };
      groups.set(key, group);
    }
    (isRelationActiveOn(relation, today) ? group.active : group.inactive).push(relation);
  }
  return [...groups.values()]
    .filter((group) => group.active.length + group.inactive.length > 0)
    .map((group) => ({ ...group, active: group.active.sort(byName), inactive: group.inactive.sort(byDateDesc) }));
}

export const countInactive = (groups: readonly RoleGroup[]) =>
  groups.reduce((sum, group) => sum + group.inactive.length, 0);

/** The persons with an active member-type relation, once each (the Members tab). */
export function activeMembers(relations: readonly ClubRelation[], today: string): ClubRelation[] {
  const seen = new Set<string>();
  return relations
    .filter((relation) => isMemberType(relation.type) && isRelationActiveOn(relation, today))
    .sort(byName)
    .filter((relation) => !seen.has(relation.personId) && Boolean(seen.add(relation.personId)));
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
