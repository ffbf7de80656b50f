import { PublicationState } from '@bpw/domain/enums/publication-state';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { notificationSubscriptions } from '../../db/schema/notifications';
import { eventPublications } from '../../db/schema/publications';

/** What the EventPublished notice says and who may get it: the event's club and accepting clubs. */
export async function findPublishedEvent(db: DbOrTx, params: { eventId: string }) {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      eventState: events.eventState,
      responsibleClubId: events.responsibleClubId,
      responsibleClubName: clubs.name,
    })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.responsibleClubId))
    .where(eq(events.id, params.eventId));
  if (!event) return undefined;
  const confirmed = await db
    .select({ clubId: eventPublications.clubId })
    .from(eventPublications)
    .where(
      and(
        eq(eventPublications.eventId, params.eventId),
        eq(eventPublications.eventPublicationState, PublicationState.Confirmed),
      ),
    );
  return { ...event, confirmedClubIds: confirmed.map((r) => r.clubId) };
}

/** Who subscribed to a type in each of these clubs, so a person subscribed in two hears it once. */
export async function findSubscriberIdsByClub(db: DbOrTx, params: { clubIds: readonly string[]; type: number }) {
  if (params.clubIds.length === 0) return [];
  return db
    .select({ clubId: notificationSubscriptions.clubId, personId: notificationSubscriptions.personId })
    .from(notificationSubscriptions)
    .where(
      and(
        inArray(notificationSubscriptions.clubId, [...params.clubIds]),
        eq(notificationSubscriptions.notificationType, params.type),
      ),
    );
}
