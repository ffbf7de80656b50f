import type { Actor } from '@bpw/domain/actor';
import { type MailingList, type MailingListWriteData, canManageMailingListsOf } from '@bpw/domain/schemas/mailing';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import {
  type ListRow,
  byId,
  clubFilter,
  deleteList,
  deleteSubscription,
  findList,
  findListPage,
  findSubscriberPage,
  hasActiveRelation,
  insertList,
  insertSubscription,
  personExists,
  updateList,
  visibleListsWhere,
} from './mailing-lists.queries';
import { clubExists } from './mailings.queries';
import { iso } from './mailings.service';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/** Issue 18: mailing lists (docs/decisions/mailings.md "Mailing lists"). */
const isVisible = (actor: Actor, list: ListRow) =>
  canManageMailingListsOf(actor, list.clubId) ||
  (list.isOpen && (list.clubId === null || actor.memberOf.includes(list.clubId)));

const visibility = (actor: Actor) => ({
  all: actor.isAdmin,
  managed: actor.clubManagerOf,
  memberOf: actor.memberOf,
});

async function toList(deps: Deps, actor: Actor, id: string): Promise<MailingList> {
  const page = await findListPage(deps.db, {
    where: byId(id),
    personId: actor.personId,
    limit: 1,
    offset: 0,
  });
  const row = page.items[0]!;
  return { ...row, canManage: canManageMailingListsOf(actor, row.clubId) };
}

/** A list the actor sees: 404 for an unknown one, 403 for one she does not see. */
async function requireVisibleList(deps: Deps, actor: Actor, id: string) {
  const list = await findList(deps.db, { id });
  if (!list) throw notFound();
  if (!isVisible(actor, list)) throw forbidden();
  return list;
}

/** A list the actor manages: 404 for an unknown one, 403 for another's. */
export async function requireManagedList(deps: Pick<Deps, 'db'>, actor: Actor, id: string) {
  const list = await findList(deps.db, { id });
  if (!list) throw notFound();
  if (!canManageMailingListsOf(actor, list.clubId)) throw forbidden();
  return list;
}

/** Writing lists at all (the route's pre-check; which club, the body says). */
export async function authorizeListWrites(actor: Actor) {
  if (!actor.isAdmin && actor.clubManagerOf.length === 0) throw forbidden();
}

export async function listMailingLists(
  deps: Deps,
  actor: Actor,
  query: { ClubId?: string | undefined; Association?: boolean | undefined; Page: number; PerPage: number },
) {
  const perPage = query.PerPage === 0 ? 1000 : query.PerPage;
  const page = await findListPage(deps.db, {
    where: visibleListsWhere(visibility(actor), clubFilter(query.Association ? null : query.ClubId)),
    personId: actor.personId,
    limit: perPage,
    offset: query.Page * perPage,
  });
  return {
    total: page.total,
    items: page.items.map((row) => ({ ...row, canManage: canManageMailingListsOf(actor, row.clubId) })),
  };
}

export async function createMailingList(deps: Deps, actor: Actor, data: MailingListWriteData) {
  await authorizeListWrites(actor);
  if (!canManageMailingListsOf(actor, data.clubId)) throw forbidden();
  if (data.clubId !== null && !(await clubExists(deps.db, { id: data.clubId }))) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'clubId' } });
  }
  const now = deps.now();
  const row = await insertList(deps.db, { ...data, createdAt: now, updatedAt: now });
  return toList(deps, actor, row.id);
}

export async function getMailingList(deps: Deps, actor: Actor, id: string) {
  await requireVisibleList(deps, actor, id);
  return toList(deps, actor, id);
}

export async function changeMailingList(deps: Deps, actor: Actor, id: string, data: MailingListWriteData) {
  const list = await requireManagedList(deps, actor, id);
  // A list stays with its club: its subscribers are that club's persons.
  if (data.clubId !== list.clubId) throw badRequest({ key: 'validation.invalid', params: { field: 'clubId' } });
  await updateList(deps.db, {
    id,
    name: data.name,
    description: data.description,
    isOpen: data.isOpen,
    now: deps.now(),
  });
  return toList(deps, actor, id);
}

export async function removeMailingList(deps: Deps, actor: Actor, id: string) {
  await requireManagedList(deps, actor, id);
  await deleteList(deps.db, { id });
}

export async function listSubscribers(
  deps: Deps,
  actor: Actor,
  id: string,
  query: { Name?: string | undefined; Page: number; PerPage: number },
) {
  await requireManagedList(deps, actor, id);
  const perPage = query.PerPage === 0 ? 1000 : query.PerPage;
  const page = await findSubscriberPage(deps.db, {
    listId: id,
    name: query.Name?.trim() || undefined,
    limit: perPage,
    offset: query.Page * perPage,
  });
  return { total: page.total, items: page.items.map((s) => ({ ...s, subscribedAt: iso(s.subscribedAt)! })) };
}

/** A manager adds a person: a club list's subscribers have a relation active today with its club. */
export async function addSubscriber(deps: Deps, actor: Actor, id: string, personId: string) {
  const list = await requireManagedList(deps, actor, id);
  if (!(await personExists(deps.db, { id: personId }))) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'personId' } });
  }
  if (
    list.clubId !== null &&
    !(await hasActiveRelation(deps.db, { personId, clubId: list.clubId, today: isoDateInSwitzerland(deps.now()) }))
  ) {
    throw new AppError('BadRequest', ['error.mailingListNotMember']);
  }
  const isNew = await insertSubscription(deps.db, { listId: id, personId, addedBy: actor.personId });
  return { isNew, personId };
}

export async function removeSubscriber(deps: Deps, actor: Actor, id: string, personId: string) {
  await requireManagedList(deps, actor, id);
  await deleteSubscription(deps.db, { listId: id, personId });
}

/** She subscribes herself: an open list she sees (a member of its club, or the association's). */
export async function subscribeSelf(deps: Deps, actor: Actor, id: string) {
  const list = await requireVisibleList(deps, actor, id);
  if (!list.isOpen && !canManageMailingListsOf(actor, list.clubId)) throw forbidden();
  await insertSubscription(deps.db, { listId: id, personId: actor.personId, addedBy: actor.personId });
}

/** Leaving is always allowed, for any list she is on. */
export async function leaveSelf(deps: Deps, actor: Actor, id: string) {
  const list = await findList(deps.db, { id });
  if (!list) throw notFound();
  await deleteSubscription(deps.db, { listId: id, personId: actor.personId });
}
