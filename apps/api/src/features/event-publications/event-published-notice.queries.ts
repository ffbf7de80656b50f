import { PublicationState } from '@bpw/domain/enums/publication-state';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
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
