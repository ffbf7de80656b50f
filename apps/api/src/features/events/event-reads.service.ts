import type { Actor } from '@bpw/domain/actor';
import { publicPageEventStates } from '@bpw/domain/enums/event';
import { canManageEvent } from '@bpw/domain/permissions';
import { registrationStatusOf } from '@bpw/domain/registration-availability';
import type { Event, EventDetail, EventList, EventListQuery } from '@bpw/domain/schemas/event';
import { inArray } from 'drizzle-orm';
import type { FeatureDeps } from '../../platform/feature-deps';
import { events } from '../../db/schema/events';
import { notFound, tooManyForAll } from '../../platform/errors';
import { eventListWhere } from './event-filters';
import { buildIcs, icsContentDisposition } from './event-ics';
import { clubExists } from './event-write.queries';
import { countEvents, findEvent, findEventPage, findOwnRegistrations } from './events.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;
type ListDeps = Deps & Pick<FeatureDeps, 'config'>;

/**
 * GET event (signed in), event-public (actor null) and club/{clubId}/event: each caller sees the
 * events `visibleEventsWhere` allows her, filtered and sorted as asked.
 */
export async function findEventList(
  deps: ListDeps,
  actor: Actor | null,
  query: EventListQuery,
  scope: { clubId?: string } = {},
): Promise<EventList> {
  if (scope.clubId && !(await clubExists(deps.db, { id: scope.clubId }))) throw notFound();
  const where = eventListWhere(query, { actor, ...scope });
  const sort = query.SortBy.map((key, i) => ({ key, isDescending: query.SortDesc[i] ?? false }));
  const findPage = () =>
    findEventPage(deps.db, { where, sort, page: query.Page, perPage: query.PerPage, now: deps.now() });
  if (query.PerPage > 0) {
    const [items, total] = await Promise.all([findPage(), countEvents(deps.db, { where })]);
    return { items, total };
  }
  // "All" (spec 02 §9: the lists fetch PerPage 0) is bounded, so no caller reads every event.
  const total = await countEvents(deps.db, { where });
  if (total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  return { items: await findPage(), total };
}

async function detailOf(deps: Deps, actor: Actor | null, event: Event): Promise<EventDetail> {
  const own = actor
    ? await findOwnRegistrations(deps.db, { eventId: event.id, personId: actor.personId, now: deps.now() })
    : [];
  return {
    ...event,
    registrationStatus: registrationStatusOf(event, own, deps.now()),
    canManage: actor !== null && canManageEvent(actor, event),
  };
}

/**
 * GET event/{id}: every signed-in user reads every event, read-only unless she manages it
 * (docs/decisions/events.md: publications and links lead there in any state).
 */
export async function getEventDetail(deps: Deps, actor: Actor, id: string): Promise<EventDetail> {
  const event = await findEvent(deps.db, { id, now: deps.now() });
  if (!event) throw notFound();
  return detailOf(deps, actor, event);
}

export const publicEventsWhere = inArray(events.eventState, [...publicPageEventStates]);

/** An event in a public state (spec 02 §2: Published, OpenForRegistration, Completed), else 404. */
export async function getPublicEvent(deps: Pick<FeatureDeps, 'db' | 'now'>, id: string): Promise<Event> {
  const event = await findEvent(deps.db, { id, where: publicEventsWhere, now: deps.now() });
  if (!event) throw notFound();
  return event;
}

/** GET event-public/{id}: anyone, while the event is public; with the caller's registration status. */
export async function getPublicEventDetail(deps: Deps, actor: Actor | null, id: string): Promise<EventDetail> {
  return detailOf(deps, actor, await getPublicEvent(deps, id));
}

/** GET event-public/{id}/ics: a public event as an iCalendar file (spec 02 "add to calendar"). */
export async function getPublicEventCalendar(deps: Pick<FeatureDeps, 'db' | 'now' | 'config'>, id: string) {
  const event = await getPublicEvent(deps, id);
  return {
    body: buildIcs(event, { publicUrl: deps.config.publicUrl, now: deps.now() }),
    contentDisposition: icsContentDisposition(event.title),
  };
}
