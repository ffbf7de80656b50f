import type { Actor } from '@bpw/domain/actor';
import { canEditSubscriptions } from '@bpw/domain/permissions';
import type {
  NotificationSubscription,
  SubscriptionCreateBody,
  SubscriptionUpdateBody,
} from '@bpw/domain/schemas/notification';
import type { FeatureDeps } from '../../platform/feature-deps';
import { findPersonAccess } from '../../platform/auth/person-access';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import {
  clubExists,
  deleteSubscription,
  findSubscriptions,
  insertSubscription,
  updateSubscription,
} from './subscriptions.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/** Spec 01 §6: the person, an admin, or a club manager of one of her clubs; 404 for no person. */
/** Who may change a person's subscriptions (also the routes' pre-check). */
export async function authorize(deps: Deps, actor: Actor, personId: string) {
  const person = await findPersonAccess(deps.db, { personId, today: isoDateInSwitzerland(deps.now()) });
  if (!person) throw notFound();
  if (!canEditSubscriptions(actor, person)) throw forbidden();
}

export async function findSubscriptionsOf(
  deps: Deps,
  actor: Actor,
  params: { personId: string; page: number; perPage: number },
): Promise<{ items: NotificationSubscription[]; total: number }> {
  await authorize(deps, actor, params.personId);
  return findSubscriptions(deps.db, {
    personId: params.personId,
    limit: params.perPage === 0 ? undefined : params.perPage,
    offset: params.perPage === 0 ? 0 : params.page * params.perPage,
  });
}

/** The body schema already checked that club-related types have a club and the others none. */
export async function createSubscription(
  deps: Deps,
  actor: Actor,
  personId: string,
  body: SubscriptionCreateBody,
): Promise<NotificationSubscription> {
  await authorize(deps, actor, personId);
  if (body.clubId && !(await clubExists(deps.db, body.clubId))) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'clubId' } });
  }
  const row = await insertSubscription(deps.db, { personId, ...body });
  if (!row) throw conflict('error.subscriptionExists');
  return row;
}

export async function changeSubscription(
  deps: Deps,
  actor: Actor,
  params: { personId: string; id: string },
  body: SubscriptionUpdateBody,
): Promise<NotificationSubscription> {
  await authorize(deps, actor, params.personId);
  const row = await updateSubscription(deps.db, { ...params, ...body });
  if (!row) throw notFound();
  return row;
}

export async function removeSubscription(deps: Deps, actor: Actor, params: { personId: string; id: string }) {
  await authorize(deps, actor, params.personId);
  if (!(await deleteSubscription(deps.db, params))) throw notFound();
}
