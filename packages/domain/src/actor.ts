import { clubManagerType, eventManagerType, isMemberType } from './enums/membership-type';
import { Permission, Role } from './enums/roles';

/**
 * Who acts: the server builds it from current database state on every request, the web app from
 * the token's claims (`actorFromClaims`) to show the right menus. Spec 01 §6 and 02 §6.
 */
export type Actor = {
  personId: string;
  isAdmin: boolean;
  /** The stored central committee role, or admin: admins are committee members automatically. */
  isCentralCommittee: boolean;
  /** Clubs with an active database responsible (120) relation: club manager of these. */
  clubManagerOf: readonly string[];
  /** Clubs with an active events responsible (270) relation: event manager of these. */
  eventManagerOf: readonly string[];
  /** Clubs with an active member type (0-3) relation. */
  memberOf: readonly string[];
};

export type ClubRelationDates = { clubId: string; type: number; from: string; to: string | null };

/** DESIGN "Data rules": active on a day when from <= day and (to is null or to >= day); ISO dates. */
export const isRelationActiveOn = (relation: Pick<ClubRelationDates, 'from' | 'to'>, day: string) =>
  relation.from <= day && (relation.to === null || relation.to >= day);

const unique = (values: string[]) => [...new Set(values)].sort();

/** The club lists of an Actor from a person's relations, as of `day` (YYYY-MM-DD). */
export function deriveClubRoles(
  relations: readonly ClubRelationDates[],
  day: string,
): Pick<Actor, 'clubManagerOf' | 'eventManagerOf' | 'memberOf'> {
  const active = relations.filter((r) => isRelationActiveOn(r, day));
  return {
    clubManagerOf: unique(active.filter((r) => r.type === clubManagerType).map((r) => r.clubId)),
    eventManagerOf: unique(active.filter((r) => r.type === eventManagerType).map((r) => r.clubId)),
    memberOf: unique(active.filter((r) => isMemberType(r.type)).map((r) => r.clubId)),
  };
}

/** The role names of an actor (GET auth/{id}/role and the token's `roles` claim): stored + derived. */
export function rolesOf(actor: Actor): Role[] {
  const roles: Role[] = [];
  if (actor.isAdmin) roles.push(Role.Admin);
  if (actor.isAdmin || actor.isCentralCommittee) roles.push(Role.CentralExecutiveCommittee);
  if (actor.clubManagerOf.length > 0) roles.push(Role.clubManager);
  if (actor.eventManagerOf.length > 0) roles.push(Role.eventManager);
  if (actor.memberOf.length > 0) roles.push(Role.member);
  return roles;
}

export const permissionsOf = (actor: Actor): Permission[] => (actor.isAdmin ? [Permission.Admin] : []);

/** The access token's claims besides sub (DESIGN "API contract"). */
export type AccessClaims = {
  sub: string;
  clubAdminIds: string[];
  eventAdminIds: string[];
  memberClubIds: string[];
  permissions: string[];
  roles: string[];
};

export function claimsOf(actor: Actor): AccessClaims {
  return {
    sub: actor.personId,
    clubAdminIds: [...actor.clubManagerOf],
    eventAdminIds: [...actor.eventManagerOf],
    memberClubIds: [...actor.memberOf],
    permissions: permissionsOf(actor),
    roles: rolesOf(actor),
  };
}

/** The web app's Actor, from the (unverified) token claims: only for showing menus. */
export function actorFromClaims(claims: Partial<AccessClaims>): Actor {
  const permissions = claims.permissions ?? [];
  const roles = claims.roles ?? [];
  const isAdmin =
    permissions.includes(Permission.Admin) ||
    permissions.includes(Permission.SuperAdmin) ||
    roles.includes(Role.Admin) ||
    roles.includes(Role.SuperAdmin);
  return {
    personId: claims.sub ?? '',
    isAdmin,
    isCentralCommittee: isAdmin || roles.includes(Role.CentralExecutiveCommittee),
    clubManagerOf: claims.clubAdminIds ?? [],
    eventManagerOf: claims.eventAdminIds ?? [],
    memberOf: claims.memberClubIds ?? [],
  };
}
