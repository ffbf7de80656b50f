import { isMemberType, membershipTypeValues } from '@bpw/domain/enums/membership-type';
import type { ClubRelation } from './api/get-club-relations';

/** One card of the Active roles tab: a role type with its active and (loaded) inactive holders. */
export interface RoleGroup {
  key: number;
  active: ClubRelation[];
  inactive: ClubRelation[];
}

const byDateDesc = (a: ClubRelation, b: ClubRelation) => (b.to ?? b.from).localeCompare(a.to ?? a.from);

/**
 * Spec 01 §2 "Active roles tab": one card per role type in the enum's order. The server answers
 * the roles group already split into active (today) and inactive relations, and the active ones
 * by name (issue 24); the members are a count of their own, not cards. Inactive rows come newest
 * first. A member-type relation given here is ignored.
 */
export function groupRoles(active: readonly ClubRelation[], inactive: readonly ClubRelation[]): RoleGroup[] {
  const groups = new Map<number, RoleGroup>();
  for (const key of membershipTypeValues.filter((type) => !isMemberType(type))) {
    groups.set(key, { key, active: [], inactive: [] });
  }
  const add = (relation: ClubRelation, isActive: boolean) => {
    if (isMemberType(relation.type)) return;
    let group = groups.get(relation.type);
    if (!group) {
      // A type unknown to this version of the app still gets its card, at the end.
      group = { key: relation.type, active: [], inactive: [] };
      groups.set(relation.type, group);
    }
    (isActive ? group.active : group.inactive).push(relation);
  };
  for (const relation of active) add(relation, true);
  for (const relation of inactive) add(relation, false);
  return [...groups.values()]
    .filter((group) => group.active.length + group.inactive.length > 0)
    .map((group) => ({ ...group, inactive: [...group.inactive].sort(byDateDesc) }));
}
