import { type Actor, canEditPerson, canSeePerson } from '@bpw/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../errors';
import { findPersonAccess, type PersonAccess } from './person-access';
import { isoDateInSwitzerland } from './today';

type GuardDeps = { db: DbOrTx; now: () => Date };

/** The person's access scope, or 404 when she does not exist. */
export async function requirePersonAccess(deps: GuardDeps, personId: string): Promise<PersonAccess> {
  const access = await findPersonAccess(deps.db, { personId, today: isoDateInSwitzerland(deps.now()) });
  if (!access) throw notFound();
  return access;
}

/**
 * Reading anything of a person (`canSeePerson`): an archived person is seen only by admins, her
 * managers and herself; everybody else gets 404, as if she did not exist.
 */
export async function requireVisiblePersonAccess(deps: GuardDeps, actor: Actor, personId: string) {
  const access = await requirePersonAccess(deps, personId);
  if (!canSeePerson(actor, access)) throw notFound();
  return access;
}

/**
 * An erased person's placeholder (issue 25, docs/decisions/erasure.md) keeps her memberships and
 * registrations counted; no profile, address, state or membership change reaches it: 409.
 */
export function refuseErased(access: { isErased: boolean }): void {
  if (access.isErased) throw conflict('error.personErased');
}

/**
 * Spec 01 §6 "Own profile may edit details, infos, addresses, avatar": the person herself, the
 * managers of her primary club, admins (canEditPerson). 404 for a missing person, else 403.
 */
export async function authorizePersonEdit(deps: GuardDeps, actor: Actor, personId: string): Promise<PersonAccess> {
  const access = await requirePersonAccess(deps, personId);
  if (!canEditPerson(actor, access)) throw forbidden();
  refuseErased(access);
  return access;
}
