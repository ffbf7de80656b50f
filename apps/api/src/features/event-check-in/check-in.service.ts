import type { Actor } from '@bpw/domain/actor';
import { RegistrationState, registrationStateLabelKey } from '@bpw/domain/enums/registration';
import { canManageEvent } from '@bpw/domain/permissions';
import type { AttendeeList, CheckInBody, CheckInResult } from '@bpw/domain/schemas/event-check-in';
import type { FeatureDeps } from '../../platform/feature-deps';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { Locale } from '@bpw/domain/enums/language';
import {
  findAttendees,
  findCheckIn,
  findCheckInEvent,
  findTicketRegistration,
  storeEarliestCheckIn,
} from './check-in.queries';
import { registrationIdOfTicket, ticketHashOf, ticketKey, ticketTokenOf } from './ticket-token';

/**
 * Check-in at the door (issue 19, docs/decisions/tickets-check-in.md): the managers of the
 * event (its club's event managers, admins), as for the staff event pages.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/** A check-in made offline may arrive days later, but not from before this. */
const OLDEST_QUEUED_CHECK_IN_MS = 7 * 24 * 60 * 60 * 1000;

/** The event, when the actor manages it (also the route's pre-check). */
export async function eventToCheckIn(deps: Deps, actor: Actor, eventId: string) {
  const event = await findCheckInEvent(deps.db, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  return event;
}

/** GET event/{id}/check-in: a page of the event's registrations with ticket hashes and check-ins. */
export async function listAttendees(
  deps: Deps,
  actor: Actor,
  eventId: string,
  query: { Page: number; PerPage: number },
): Promise<AttendeeList> {
  await eventToCheckIn(deps, actor, eventId);
  const key = await ticketKey(deps.db);
  const { items, total } = await findAttendees(deps.db, {
    eventId,
    limit: query.PerPage,
    offset: query.Page * query.PerPage,
  });
  return {
    items: items.map((item) => ({ ...item, ticketHash: ticketHashOf(ticketTokenOf(key, item.registrationId)) })),
    total,
  };
}

function timeOf(deps: Deps, checkedInAt: string | undefined) {
  const now = deps.now();
  if (checkedInAt === undefined) return now;
  const at = new Date(checkedInAt);
  if (at.getTime() < now.getTime() - OLDEST_QUEUED_CHECK_IN_MS) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'checkedInAt' } });
  }
  // A device's clock ahead of ours cannot make a check-in later than its arrival.
  return at > now ? now : at;
}

/**
 * POST event/{id}/check-in: by ticket token or registration id. Idempotent; the earliest
 * check-in stands and is answered with its time and manager. Refused: a ticket of another
 * event, a registration that is not Confirmed (with the name and state, for the door), text
 * that is no ticket.
 */
export async function checkIn(
  deps: Deps,
  actor: Actor,
  locale: Locale,
  eventId: string,
  body: CheckInBody,
): Promise<CheckInResult> {
  await eventToCheckIn(deps, actor, eventId);
  const checkedInAt = timeOf(deps, body.checkedInAt);
  const registrationId = body.registrationId ?? registrationIdOfTicket(await ticketKey(deps.db), body.token ?? '');
  const registration = registrationId ? await findTicketRegistration(deps.db, { id: registrationId }) : undefined;
  if (!registration) throw new AppError('NotFound', ['error.ticketUnknown']);
  if (registration.eventId !== eventId) throw conflict('error.ticketOtherEvent');
  if (registration.eventRegistrationState !== RegistrationState.Confirmed) {
    throw conflict('error.checkInNotConfirmed', {
      name: `${registration.firstname} ${registration.lastname}`,
      state: translate(locale, registrationStateLabelKey(registration.eventRegistrationState as RegistrationState)),
    });
  }
  const isStored = await storeEarliestCheckIn(deps.db, {
    registrationId: registration.id,
    eventId,
    checkedInAt,
    checkedInBy: actor.personId,
    isQueued: body.checkedInAt !== undefined,
  });
  const stored = await findCheckIn(deps.db, { registrationId: registration.id });
  if (!stored) throw notFound(); // the registration was deleted in between
  return {
    outcome: isStored ? 'checkedIn' : 'alreadyCheckedIn',
    registrationId: registration.id,
    firstname: registration.firstname,
    lastname: registration.lastname,
    ...stored,
  };
}
