import { EventState } from '@bpw/domain/enums/event';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import { RegistrationState, activeRegistrationStates } from '@bpw/domain/enums/registration';
import { type AnyColumn, and, asc, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { holdsSlotAt } from '../../db/registration-slots';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { eventPublications } from '../../db/schema/publications';
import { eventRegistrations } from '../../db/schema/registrations';
import { schedulerRuns } from '../../db/schema/scheduler';

/** The event states in which a coming event still takes place and takes registrations. */
const upcomingStates = [EventState.Published, EventState.OpenForRegistration];

const epochSeconds = (column: AnyColumn) => sql`floor(extract(epoch from ${column}))::bigint::text`;

/**
 * One reminder per registration and event date: a registration reminded once is not reminded
 * again, unless the event moves to another date (then the old reminder was about another day).
 */
export const bookedReminderKey = sql<string>`${eventRegistrations.id}::text || '@' || ${epochSeconds(events.eventFrom)}`;

/** One reminder per event and registration deadline. */
export const deadlineReminderKey = sql<string>`${events.id}::text || '@' || ${epochSeconds(events.registrationTo)}`;

const notClaimed = (db: DbOrTx, job: string, key: typeof bookedReminderKey) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(schedulerRuns)
      .where(and(eq(schedulerRuns.job, job), eq(schedulerRuns.runKey, key))),
  );

/**
 * Confirmed registrations of events starting within (now, until] that have no reminder yet, with
 * what the reminder says; in event order, at most `limit` (the next run takes the rest).
 */
export async function findDueBookedReminders(
  db: DbOrTx,
  params: { job: string; now: Date; until: Date; limit: number },
) {
  return db
    .select({
      runKey: bookedReminderKey,
      registrationId: eventRegistrations.id,
      personId: eventRegistrations.personId,
      email: eventRegistrations.email,
      eventId: events.id,
      eventTitle: events.title,
      eventFrom: events.eventFrom,
      eventLanguageCode: events.defaultLanguageCode,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.eventRegistrationState, RegistrationState.Confirmed),
        inArray(events.eventState, upcomingStates),
        gt(events.eventFrom, params.now),
        lte(events.eventFrom, params.until),
        notClaimed(db, params.job, bookedReminderKey),
      ),
    )
    .orderBy(asc(events.eventFrom), asc(events.id), asc(eventRegistrations.id))
    .limit(params.limit);
}

/** The slots taken at `now`: expired Pending registrations hold none (issue 15). */
const activeRegistrations = (now: Date) =>
  sql`(select count(*) from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${holdsSlotAt(now)})`;

/**
 * Events open for our own registration (not external, not fully booked) whose registration
 * deadline falls within (now, until] and that were not reminded of it yet.
 */
export async function findDueDeadlineReminders(
  db: DbOrTx,
  params: { job: string; now: Date; until: Date; limit: number },
) {
  return db
    .select({
      runKey: deadlineReminderKey,
      eventId: events.id,
      eventTitle: events.title,
      registrationTo: events.registrationTo,
      responsibleClubId: events.responsibleClubId,
      responsibleClubName: clubs.name,
    })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.responsibleClubId))
    .where(
      and(
        eq(events.eventState, EventState.OpenForRegistration),
        isNotNull(events.registrationSlots),
        isNull(events.externalRegistrationUrl),
        or(eq(events.registrationSlots, 0), gt(events.registrationSlots, activeRegistrations(params.now))),
        gt(events.registrationTo, params.now),
        lte(events.registrationTo, params.until),
        notClaimed(db, params.job, deadlineReminderKey),
      ),
    )
    .orderBy(asc(events.registrationTo), asc(events.id))
    .limit(params.limit);
}

/** The clubs an event is offered to and that accepted (besides its own). */
export async function findConfirmedPublicationClubIds(db: DbOrTx, params: { eventId: string }) {
  const rows = await db
    .select({ clubId: eventPublications.clubId })
    .from(eventPublications)
    .where(
      and(
        eq(eventPublications.eventId, params.eventId),
        eq(eventPublications.eventPublicationState, PublicationState.Confirmed),
      ),
    )
    .orderBy(asc(eventPublications.clubId));
  return rows.map((r) => r.clubId);
}

/** Persons with a Pending or Confirmed registration: they need no reminder to register. */
export async function findRegisteredPersonIds(db: DbOrTx, params: { eventId: string }) {
  const rows = await db
    .selectDistinct({ personId: eventRegistrations.personId })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, params.eventId),
        isNotNull(eventRegistrations.personId),
        inArray(eventRegistrations.eventRegistrationState, [...activeRegistrationStates]),
      ),
    );
  return rows.map((r) => r.personId!);
}
