import { type Actor, canEditPerson, canSeePerson } from '@bpw/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../errors';
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
 * Spec 01 §6 "Own profile may edit details, infos, addresses, avatar": the person herself, the
 * managers of her primary club, admins (canEditPerson). 404 for a missing person, else 403.
 */
export async function authorizePersonEdit(deps: GuardDeps, actor: Actor, personId: string): Promise<PersonAccess> {
  const access = await requirePersonAccess(deps, personId);
  if (!canEditPerson(actor, access)) throw forbidden();
  return access;
}
