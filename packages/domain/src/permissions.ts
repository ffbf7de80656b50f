import type { Actor } from './actor';
import { EntityState } from './enums/entity-state';
import { ExportFormat } from './enums/export-format';
import { isExternalType } from './enums/membership-type';
import { isLimitedPersonListFilter } from './enums/person-list-filter';

/**
 * The capabilities of spec 01 §6 and 02 §6 as pure predicates over an Actor. The API calls them
 * first thing in its services (with an Actor from current database state); the web app calls
 * them for menus and buttons (with `actorFromClaims(token claims)`).
 */
export { type Actor, actorFromClaims } from './actor';

/** The person a rule is about: primary club and the clubs of the relations active today. */
export type PersonScope = { id: string; primaryClubId: string | null; clubIds: readonly string[] };

/** The kinds of actor the ability table speaks of; one actor can be several at once. */
export type ActorKind = 'admin' | 'centralCommittee' | 'clubManager' | 'eventManager' | 'member';

export function kindsOf(actor: Actor): ActorKind[] {
  const kinds: ActorKind[] = [];
  if (actor.isAdmin) kinds.push('admin');
  if (actor.isAdmin || actor.isCentralCommittee) kinds.push('centralCommittee');
  if (actor.clubManagerOf.length > 0) kinds.push('clubManager');
  if (actor.eventManagerOf.length > 0) kinds.push('eventManager');
  if (actor.memberOf.length > 0) kinds.push('member');
  return kinds;
}

const only = (...kinds: ActorKind[]) => kinds;

/**
 * The abilities that do not depend on a club or person, read as a table (Hitobito's abilities):
 * an actor has an ability when one of their kinds is listed. Spec 01 §2 (menus), §6 and 02 §6.
 */
export const globalAbilities = {
  seeDashboard: only('admin', 'centralCommittee', 'clubManager'),
  export: only('admin', 'centralCommittee', 'clubManager'),
  seeAllClubsOnDashboard: only('admin', 'centralCommittee'),
  createPerson: only('admin', 'clubManager'),
  createEvent: only('admin', 'eventManager'),
  manageClubs: only('admin'),
  manageCategories: only('admin'),
  toggleRoles: only('admin'),
  changeLockedPublication: only('admin'),
  useAllPersonFilters: only('admin'),
  seeAcceptedTerms: only('admin'),
  // Issue 9 (revFADP): who created, changed, archived, deleted or exported a person.
  seeAuditTrail: only('admin'),
  // Issue 16: the duplicate list and the merge (managers for the persons they manage).
  mergeDuplicates: only('admin', 'clubManager'),
  // Issue 16: spreadsheet import (managers only into the clubs they manage).
  importPersons: only('admin', 'clubManager'),
} as const satisfies Record<string, readonly ActorKind[]>;
export type GlobalAbility = keyof typeof globalAbilities;

export function can(actor: Actor, ability: GlobalAbility): boolean {
  const allowed: readonly ActorKind[] = globalAbilities[ability];
  return kindsOf(actor).some((kind) => allowed.includes(kind));
}

// --- global abilities by name (menus, pages) ---
export const canSeeDashboard = (actor: Actor) => can(actor, 'seeDashboard');
export const canExport = (actor: Actor) => can(actor, 'export');
export const canSeeAllClubsOnDashboard = (actor: Actor) => can(actor, 'seeAllClubsOnDashboard');
export const canCreatePerson = (actor: Actor) => can(actor, 'createPerson');
export const canCreateEvent = (actor: Actor) => can(actor, 'createEvent');
export const canManageClubs = (actor: Actor) => can(actor, 'manageClubs');
export const canManageCategories = (actor: Actor) => can(actor, 'manageCategories');
export const canChangeLockedPublication = (actor: Actor) => can(actor, 'changeLockedPublication');
export const canUseAllPersonFilters = (actor: Actor) => can(actor, 'useAllPersonFilters');
export const canSeeAcceptedTerms = (actor: Actor) => can(actor, 'seeAcceptedTerms');
export const canSeeAuditTrail = (actor: Actor) => can(actor, 'seeAuditTrail');
export const canMergeDuplicates = (actor: Actor) => can(actor, 'mergeDuplicates');
export const canImportPersons = (actor: Actor) => can(actor, 'importPersons');

/** The kinds of person filter parameter only admins use freely (spec 01 §2). */
export type PersonFilterKind = 'personListFilters' | 'states' | 'courier';
/** Per kind, the values everybody may choose: the limited six person filters, the Active state, no courier. */
const isOpenToAll: Record<PersonFilterKind, (value: number) => boolean> = {
  personListFilters: isLimitedPersonListFilter,
  states: (state) => state === EntityState.Active,
  courier: () => false,
};
/** Person filter parameters by their names in the request (GET person, GET export). */
export type PersonFilterParameters<N extends string> = Record<N, { kind: PersonFilterKind; values: readonly number[] }>;

/**
 * Spec 01 §2 "admin-only filters": the parameters an actor chose a value in that only admins may
 * choose (none for admins). The person list and the export refuse them rather than ignore them.
 */
export function adminOnlyFiltersUsed<N extends string>(actor: Actor, parameters: PersonFilterParameters<N>): N[] {
  if (canUseAllPersonFilters(actor)) return [];
  return (Object.keys(parameters) as N[]).filter((name) => {
    const { kind, values } = parameters[name];
    return !values.every(isOpenToAll[kind]);
  });
}

/**
 * Spec 01 §6 "Export limits": club managers outside the committee cannot use onlyMainData; a
 * committee member who manages no club and is no admin gets only onlyMainData.
 */
export function canExportFormat(actor: Actor, format: ExportFormat): boolean {
  if (actor.isAdmin) return true;
  const managesClubs = actor.clubManagerOf.length > 0;
  if (managesClubs && actor.isCentralCommittee) return true;
  if (managesClubs) return format !== ExportFormat.onlyMainData;
  if (actor.isCentralCommittee) return format === ExportFormat.onlyMainData;
  return false;
}

// --- clubs ---
export const canManageClub = (actor: Actor, clubId: string) => actor.isAdmin || actor.clubManagerOf.includes(clubId);
export const canCreatePersonIn = canManageClub;
/** Club relations of a club: assign, change dates, delete (spec 01 §2 and §6). */
export const canManageClubRelationsOf = canManageClub;
/** The club page's menu: club managers and the club's event managers (spec 01 §2 "Club detail"). */
export const canSeeClubMenu = (actor: Actor, clubId: string) =>
  canManageClub(actor, clubId) || actor.eventManagerOf.includes(clubId);

// --- persons ---
export const isOwnProfile = (actor: Actor, person: Pick<PersonScope, 'id'>) => actor.personId === person.id;

/**
 * Club managers manage the persons whose primary club they manage (spec 01 §6). A person without
 * a primary club is managed by the managers of any club she is in (ours: otherwise only admins).
 */
export function canManagePerson(actor: Actor, person: Omit<PersonScope, 'id'>): boolean {
  if (actor.isAdmin) return true;
  if (person.primaryClubId !== null) return actor.clubManagerOf.includes(person.primaryClubId);
  return person.clubIds.some((clubId) => actor.clubManagerOf.includes(clubId));
}

/** Details, infos, addresses, avatar: the own profile or a manager. */
export const canEditPerson = (actor: Actor, person: PersonScope) =>
  isOwnProfile(actor, person) || canManagePerson(actor, person);

/**
 * Who sees a person and anything of hers (docs/decisions/persons.md): every signed-in user an
 * active one; an archived one only admins, her managers and she herself (others get 404).
 */
export const canSeePerson = (actor: Actor, person: PersonScope & { isArchived: boolean }) =>
  !person.isArchived || canEditPerson(actor, person);

/** Birthday and presentation flag: managers (and the person herself). */
export const canSeeManagerFields = canEditPerson;

/**
 * The person fields only those see who may see manager fields (spec 01 §6): the one list GET
 * person/{id} and the export both hide by (docs/decisions/export-visibility.md).
 */
export const managerOnlyPersonFields = ['birthday', 'isPresentationDone'] as const;
export type ManagerOnlyPersonField = (typeof managerOnlyPersonFields)[number];

/**
 * A person's record as `actor` may see it: the manager-only fields set to null unless she may
 * see them. Changes the record in place (the export completes a million rows) and returns it.
 */
export function hideManagerFields<T extends Record<ManagerOnlyPersonField, unknown>>(
  actor: Actor,
  person: PersonScope,
  record: T,
): T {
  if (canSeeManagerFields(actor, person)) return record;
  for (const field of managerOnlyPersonFields) (record as Record<ManagerOnlyPersonField, unknown>)[field] = null;
  return record;
}

/**
 * What the credential rule needs to know about the person whose account it is about (issue 15,
 * docs/decisions/credentials.md): her stored roles and the clubs of her rights-giving relations.
 */
export type AccountTarget = Pick<PersonScope, 'id' | 'primaryClubId'> & {
  /** A stored role: admin or central committee. */
  hasStoredRole: boolean;
  /** The clubs of her relations active today that give a right: club manager (120), event manager (270). */
  roleClubIds: readonly string[];
};

/**
 * THE credential rule (issue 15): who may change a person's login credentials (password, username,
 * reset or invitation link, later second factors and passkeys) or end her account (delete). The
 * person herself or an admin; a club manager only when the person's primary club is set and hers
 * (no fallback through "any of her clubs", so assigning a person to a club never widens it), the
 * person holds no stored role, and every club in which she holds a rights-giving role is one the
 * manager manages. Archive state, own profile and the like are checked on top by the callers.
 */
export function canControlAccount(actor: Actor, target: AccountTarget): boolean {
  if (isOwnProfile(actor, target) || actor.isAdmin) return true;
  if (target.primaryClubId === null || !actor.clubManagerOf.includes(target.primaryClubId)) return false;
  if (target.hasStoredRole) return false;
  return target.roleClubIds.every((clubId) => actor.clubManagerOf.includes(clubId));
}

/** Username and password: the credential rule, never for an archived person (spec 01 §2, §4). */
export const canChangeCredentials = (actor: Actor, target: AccountTarget & { isArchived: boolean }) =>
  !target.isArchived && canControlAccount(actor, target);

/**
 * Spec 01 §6 "Password reset is offered only if the user can manage, it is not their own profile,
 * the person is not archived and not only externally typed", and the credential rule.
 */
export function canResetPassword(
  actor: Actor,
  target: AccountTarget & { isArchived: boolean; isOnlyExternal: boolean },
): boolean {
  return (
    canControlAccount(actor, target) && !isOwnProfile(actor, target) && !target.isArchived && !target.isOnlyExternal
  );
}

/** "Only externally typed": every active relation has an external type (none at all is not). */
export const isOnlyExternal = (types: readonly number[]) => types.length > 0 && types.every(isExternalType);

/** Spec 01 §2: delete is for managers, never on the own profile; and the credential rule. */
export const canDeletePerson = (actor: Actor, target: AccountTarget) =>
  canControlAccount(actor, target) && !isOwnProfile(actor, target);

/**
 * Spec 01 §4: an admin, and either no memberships or at least one non-external membership. Admins
 * only, so within the credential rule (canControlAccount) by construction.
 */
export const canArchivePerson = (actor: Actor, target: { relationTypes: readonly number[] }) =>
  actor.isAdmin && (target.relationTypes.length === 0 || target.relationTypes.some((t) => !isExternalType(t)));

/** Spec 01 §6: admins set the primary club of others; everyone her own. */
export const canSetPrimaryClub = (actor: Actor, person: Pick<PersonScope, 'id'>) =>
  actor.isAdmin || isOwnProfile(actor, person);

/** Spec 01 §6: admin, a club manager of one of the person's clubs, or the person. */
export const canEditSubscriptions = (actor: Actor, person: PersonScope) =>
  actor.isAdmin || isOwnProfile(actor, person) || person.clubIds.some((id) => actor.clubManagerOf.includes(id));

/**
 * Issue 25: her consent log (advertising, profile visibility, terms) is seen by those who edit
 * her profile: she herself, her managers, admins (docs/decisions/self-service.md).
 */
export const canSeeConsentLog = canEditPerson;

/** Spec 01 §2: the notifications tab shows when managing or viewing the own profile. */
export const canSeeNotificationsTab = canEditPerson;

/** Spec 01 §6: admins toggle admin and committee of other persons, never their own (within the credential rule). */
export const canToggleRole = (actor: Actor, targetPersonId: string) =>
  can(actor, 'toggleRoles') && actor.personId !== targetPersonId;

// --- events (spec 02 §6) ---
export const canManageEvent = (actor: Actor, event: { responsibleClubId: string }) =>
  actor.isAdmin || actor.eventManagerOf.includes(event.responsibleClubId);
export const canCreateEventFor = (actor: Actor, clubId: string) =>
  actor.isAdmin || actor.eventManagerOf.includes(clubId);
/** Signed-in users see the registered-people list; guests do not. */
export const canSeeRegisteredPeople = (actor: Actor | null) => actor !== null;
export const customFieldAudience = (actor: Actor | null): 'guest' | 'member' => (actor ? 'member' : 'guest');

// --- event publications (spec 02 §4, §6; docs/decisions/event-publications.md) ---
/** The managers of the club an event is offered to: its club managers and its event managers. */
export const canAnswerFor = canSeeClubMenu;
/** A locked publication is changed and deleted by admins only. */
const mayTouch = (actor: Actor, publication: { isLocked: boolean }) =>
  !publication.isLocked || canChangeLockedPublication(actor);
/** Confirm or reject: the managers of the club it is offered to, and admins. */
export const canChangePublicationState = (actor: Actor, publication: { clubId: string; isLocked: boolean }) =>
  canAnswerFor(actor, publication.clubId) && mayTouch(actor, publication);
/** Withdraw the offer: the managers of the event, and admins. */
export const canDeletePublication = (actor: Actor, publication: { responsibleClubId: string; isLocked: boolean }) =>
  canManageEvent(actor, publication) && mayTouch(actor, publication);
/** Who sees a publication: both sides' managers, and admins. */
export const canSeePublication = (actor: Actor, publication: { clubId: string; responsibleClubId: string }) =>
  canManageEvent(actor, publication) || canAnswerFor(actor, publication.clubId);

/**
 * Issue 16 (docs/decisions/duplicates.md): merging ends the merged-away person and may move her
 * account, so it needs the manager of both and the credential rule for both, as deleting her
 * does; never the own account as the one merged away.
 */
export const canMergePersons = (actor: Actor, survivor: AccountTarget, merged: AccountTarget) =>
  canMergeDuplicates(actor) &&
  !isOwnProfile(actor, merged) &&
  [survivor, merged].every((person) => canControlAccount(actor, person));
