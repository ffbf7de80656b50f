import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema/events';

/** The event's image id, state and club; undefined when the event does not exist. */
export async function findEventImage(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db
    .select({
      eventImageId: events.eventImageId,
      eventState: events.eventState,
      responsibleClubId: events.responsibleClubId,
    })
    .from(events)
    .where(eq(events.id, params.eventId));
  return row;
}

/** Locks the event row so that concurrent uploads replace images one after another. */
export async function lockEventImage(tx: DbOrTx, params: { eventId: string }) {
  const [row] = await tx
    .select({ eventImageId: events.eventImageId, responsibleClubId: events.responsibleClubId })
    .from(events)
    .where(eq(events.id, params.eventId))
    .for('update');
  return row;
}

export async function setEventImageId(
  tx: DbOrTx,
  params: { eventId: string; eventImageId: string | null; actorId: string; now: Date },
) {
  await tx
    .update(events)
    .set({ eventImageId: params.eventImageId, updatedAt: params.now, updatedBy: params.actorId })
    .where(eq(events.id, params.eventId));
}
