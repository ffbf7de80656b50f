import type { ChangeUsernameBody, ToggleRoleBody } from '@bpw/domain/auth-schemas';
import type { Role } from '@bpw/domain/enums/roles';
import { type Actor, rolesOf } from '@bpw/domain/actor';
import { can, canControlAccount, canToggleRole } from '@bpw/domain/permissions';
import { writeAuditEntry } from '../../platform/audit';
import { findActor } from '../../platform/auth/actor.queries';
import type { AuthContext } from '../../platform/auth/auth-plugin';
import { findPersonAccess } from '../../platform/auth/person-access';
import { requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { conflict, forbidden, notFound } from '../../platform/errors';
import {
  findAccountByPersonId,
  isUniqueViolation,
  isUsernameTaken,
  toggleStoredRole,
  updateUsername,
} from './accounts.queries';
import type { AuthDeps } from './auth-deps';
import { closeOpenPasswordTokens } from './password-tokens.queries';
import { revokeChainsOfPerson } from './refresh-tokens.queries';

/**
 * POST auth/change-username: the credential rule (canControlAccount, docs/decisions/credentials.md),
 * never for an archived person; the username (an e-mail) is unique. Ends the person's other
 * sessions and every password link still open (they were mailed to the old address).
 */
export async function changeUsername(deps: AuthDeps, auth: AuthContext, input: ChangeUsernameBody) {
  const now = deps.now();
  const target = await findPersonAccess(deps.db, { personId: input.userId, today: isoDateInSwitzerland(now) });
  if (!target) throw notFound();
  if (!canControlAccount(auth.actor, target)) throw forbidden();
  if (target.isArchived) throw conflict('error.personArchived');
  if (!(await findAccountByPersonId(deps.db, { personId: target.id }))) throw notFound();
  if (await isUsernameTaken(deps.db, { username: input.username, exceptPersonId: target.id })) {
    throw conflict('error.usernameTaken');
  }
  const isOwn = target.id === auth.actor.personId;
  try {
    await deps.db.transaction(async (tx) => {
      await updateUsername(tx, { personId: target.id, username: input.username, now });
      await closeOpenPasswordTokens(tx, { personId: target.id, now });
      // Field name only: the username is an e-mail address (personal data).
      await writeAuditEntry(tx, {
        actorPersonId: auth.actor.personId,
        action: 'updated',
        entity: 'account',
        entityId: target.id,
        subjectPersonId: target.id,
        at: now,
        details: { fields: ['username'] },
      });
      await revokeChainsOfPerson(tx, {
        personId: target.id,
        now,
        ...(isOwn ? { exceptChainId: auth.sessionId } : {}),
      });
    });
  } catch (error) {
    // Two changes to the same new name at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict('error.usernameTaken');
    throw error;
  }
}

/** GET auth/{id}/role: the stored and the derived roles of a person (any signed-in user; archived: hidden). */
export async function getRoleNames(deps: AuthDeps, actor: Actor, personId: string): Promise<Role[]> {
  await requireVisiblePersonAccess(deps, actor, personId);
  const loaded = await findActor(deps.db, { personId, today: isoDateInSwitzerland(deps.now()) });
  if (!loaded) throw notFound();
  return rolesOf(loaded.actor);
}

/** POST auth/toggle-role: admins toggle Admin or committee of others, never their own (spec 01 §6, §8). */
/** Toggling roles at all: admins (the route's pre-check; whose role is the body's). */
export async function authorizeToggleRole(actor: Actor): Promise<void> {
  if (!can(actor, 'toggleRoles')) throw forbidden();
}

export async function toggleRole(deps: AuthDeps, actor: Actor, input: ToggleRoleBody): Promise<Role[]> {
  await authorizeToggleRole(actor);
  if (!canToggleRole(actor, input.userId)) {
    throw actor.isAdmin ? forbidden('error.ownRoleChange') : forbidden();
  }
  const isToggled = await toggleStoredRole(deps.db, { personId: input.userId, role: input.roleName, now: deps.now() });
  if (!isToggled) throw notFound();
  return getRoleNames(deps, actor, input.userId);
}
