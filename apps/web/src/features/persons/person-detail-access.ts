import { isRelationActiveOn } from '@bpw/domain/actor';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { clubManagerType, eventManagerType } from '@bpw/domain/enums/membership-type';
import {
  canArchivePerson,
  canChangeCredentials,
  canControlAccount,
  canDeletePerson,
  canEditPerson,
  canEditSubscriptions,
  canManageClubRelationsOf,
  canManagePerson,
  canResetPassword,
  canSeeAcceptedTerms,
  canSeeAuditTrail,
  canSeeConsentLog,
  canSeeManagerFields,
  canSeeNotificationsTab,
  canSetPrimaryClub,
  canToggleRole,
  isOnlyExternal,
  isOwnProfile,
  type Actor,
  type PersonScope,
} from '@bpw/domain/permissions';
import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import type { PersonDetail } from '@bpw/domain/schemas/person';

export type RelationPeriod = 'active' | 'future' | 'past';

/** Spec 01 §4 "Club relation": active, future or past by its date range on `today`. */
export function relationPeriod(relation: Pick<PersonClubRelation, 'from' | 'to'>, today: string): RelationPeriod {
  if (isRelationActiveOn(relation, today)) return 'active';
  return relation.from > today ? 'future' : 'past';
}

/**
 * What the signed-in user may do on a person's page (spec 01 §2 "Menu actions", §4, §6), from the
 * domain's predicates. Only for showing controls: the server decides every call.
 */
export interface PersonDetailAccess {
  isOwn: boolean;
  isArchived: boolean;
  canManage: boolean;
  canEdit: boolean;
  canSeeManagerFields: boolean;
  canSeeAcceptedTerms: boolean;
  /** Issue 9: the change history on the system info, admins only. */
  canSeeAuditTrail: boolean;
  /** Issue 25: her consent log, for her, her managers and admins. */
  canSeeConsentLog: boolean;
  canChangeCredentials: boolean;
  canResetPassword: boolean;
  canDelete: boolean;
  /** Admins; archiving also needs no relations or one that is not external (spec 01 §4). */
  canArchive: boolean;
  canUnarchive: boolean;
  /** Spec 01 §2: create club assignment for managers, not for archived persons. */
  canCreateAssignment: boolean;
  canSetPrimaryClub: boolean;
  canToggleRoles: boolean;
  /** Issue 21: admins remove another person's second factors (she is told by mail). */
  canResetSecondFactor: boolean;
  canSeeNotifications: boolean;
  canEditSubscriptions: boolean;
  /** Edit dates or delete one relation: managers of its club; past ones of archived persons stay. */
  canChangeRelation: (relation: PersonClubRelation) => boolean;
}

export function personDetailAccess(
  actor: Actor,
  person: Pick<PersonDetail, 'id' | 'primaryClubId' | 'state' | 'canControlAccount'>,
  relations: readonly PersonClubRelation[],
  today: string,
): PersonDetailAccess {
  const active = relations.filter((relation) => isRelationActiveOn(relation, today));
  const scope: PersonScope = {
    id: person.id,
    primaryClubId: person.primaryClubId,
    clubIds: [...new Set(active.map((relation) => relation.clubId))],
  };
  const activeTypes = active.map((relation) => relation.type);
  const isArchived = person.state === EntityState.Archived;
  const canManage = canManagePerson(actor, scope);
  // The credential rule (issue 15) also needs her stored roles, which the token does not carry:
  // the server answers it for this caller (`canControlAccount`), the rest is checked here.
  const account = {
    ...scope,
    hasStoredRole: false,
    roleClubIds: [
      ...new Set(active.filter((r) => r.type === clubManagerType || r.type === eventManagerType).map((r) => r.clubId)),
    ],
  };
  const controls = person.canControlAccount && canControlAccount(actor, account);
  return {
    isOwn: isOwnProfile(actor, scope),
    isArchived,
    canManage,
    canEdit: canEditPerson(actor, scope),
    canSeeManagerFields: canSeeManagerFields(actor, scope),
    canSeeAcceptedTerms: canSeeAcceptedTerms(actor),
    canSeeAuditTrail: canSeeAuditTrail(actor),
    canSeeConsentLog: canSeeConsentLog(actor, scope),
    canChangeCredentials: controls && canChangeCredentials(actor, { ...account, isArchived }),
    canResetPassword:
      controls && canResetPassword(actor, { ...account, isArchived, isOnlyExternal: isOnlyExternal(activeTypes) }),
    canDelete: controls && canDeletePerson(actor, account),
    canArchive: !isArchived && canArchivePerson(actor, { relationTypes: activeTypes }),
    canUnarchive: isArchived && actor.isAdmin,
    canCreateAssignment: canManage && !isArchived,
    canSetPrimaryClub: canSetPrimaryClub(actor, scope),
    canToggleRoles: canToggleRole(actor, person.id),
    canResetSecondFactor: controls && !isArchived && canToggleRole(actor, person.id),
    canSeeNotifications: canSeeNotificationsTab(actor, scope),
    canEditSubscriptions: canEditSubscriptions(actor, scope),
    canChangeRelation: (relation) =>
      canManageClubRelationsOf(actor, relation.clubId) && !(isArchived && relationPeriod(relation, today) !== 'active'),
  };
}
