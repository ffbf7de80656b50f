import { type Actor, canSetPrimaryClub } from '@bpw/domain/permissions';
import type { PrimaryItemKind } from '@bpw/domain/schemas/address';
import type { FeatureDeps } from '../../platform/feature-deps';
import { writeAuditEntry } from '../../platform/audit';
import { authorizePersonEdit, requirePersonAccess } from '../../platform/auth/person-guards';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, forbidden } from '../../platform/errors';
import { findPrimaryItemId, lockPersonItem, setPrimaryItem } from './primary-items.queries';

type PrimaryDeps = Pick<FeatureDeps, 'db' | 'now'>;

/** The audit entity of each contact kind; the primary club is not contact data and not audited here. */
const auditEntity = {
  address: 'address',
  email: 'addressEmail',
  phone: 'addressPhone',
  url: 'addressUrl',
} as const satisfies Record<Exclude<PrimaryItemKind, 'club'>, string>;

const unknownItemKey = {
  address: 'error.primaryAddressUnknown',
  phone: 'error.primaryPhoneUnknown',
  email: 'error.primaryEmailUnknown',
  url: 'error.primaryUrlUnknown',
  club: 'error.primaryClubUnknown',
} as const satisfies Record<PrimaryItemKind, string>;

/** Who may mark a primary item of the kind (also the route's pre-check). */
export async function authorizePrimaryItem(
  deps: PrimaryDeps,
  actor: Actor,
  params: { personId: string; kind: PrimaryItemKind },
): Promise<void> {
  if (params.kind === 'club') {
    await requirePersonAccess(deps, params.personId);
    if (!canSetPrimaryClub(actor, { id: params.personId })) throw forbidden();
  } else {
    await authorizePersonEdit(deps, actor, params.personId);
  }
}

/**
 * PUT person/{id}/primary-{kind} (spec 01 §3 "One item of each kind can be marked primary", §4):
 * sets what it gets; null unsets. Address, phone, e-mail and URL: whoever may edit the person.
 * Club: admins and the person herself (spec 01 §6 "can set the primary club of others").
 */
export async function setPersonPrimaryItem(
  deps: PrimaryDeps,
  actor: Actor,
  params: { personId: string; kind: PrimaryItemKind; id: string | null },
): Promise<void> {
  const { personId, kind, id } = params;
  await authorizePrimaryItem(deps, actor, { personId, kind });
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (id !== null) {
      const isOwn = await lockPersonItem(tx, { personId, kind, id, today: isoDateInSwitzerland(now) });
      if (!isOwn) throw badRequest(unknownItemKey[kind]);
    }
    const previousId = kind === 'club' ? null : await findPrimaryItemId(tx, { personId, kind });
    await setPrimaryItem(tx, { personId, kind, id, actorId: actor.personId, now });
    if (kind === 'club' || previousId === id) return;
    // Marked primary, or (unset) the item that was primary loses the mark.
    const entityId = id ?? previousId;
    if (!entityId) return;
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: auditEntity[kind],
      entityId,
      subjectPersonId: personId,
      at: now,
      details: { fields: ['primary'], isPrimary: id !== null },
    });
  });
}
