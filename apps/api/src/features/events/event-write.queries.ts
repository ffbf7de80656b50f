import { activeRegistrationStates } from '@bpw/domain/enums/registration';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { eventCategories, eventCategoryLinks, events } from '../../db/schema/events';
import { eventRegistrations } from '../../db/schema/registrations';
import { holdsSlotAt } from '../../db/registration-slots';

export type EventValues = Omit<
  typeof events.$inferInsert,
  'id' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'
>;

/** The stored event, locked until the transaction ends, so concurrent writes run one after another. */
export async function lockEvent(tx: DbOrTx, params: { id: string }) {
  const [row] = await tx.select().from(events).where(eq(events.id, params.id)).for('update');
  return row;
}

export async function clubExists(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, params.id));
  return row !== undefined;
}

/** How many of these category ids exist. */
export async function countExistingCategories(db: DbOrTx, params: { ids: readonly string[] }) {
  const [row] = await db
    .select({ n: count() })
    .from(eventCategories)
    .where(inArray(eventCategories.id, [...params.ids]));
  return row?.n ?? 0;
}

export async function insertEvent(tx: DbOrTx, params: { values: EventValues; actorId: string; now: Date }) {
  const [row] = await tx
    .insert(events)
    .values({
      ...params.values,
      createdAt: params.now,
      createdBy: params.actorId,
      updatedAt: params.now,
      updatedBy: params.actorId,
    })
    .returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(
  tx: DbOrTx,
  params: { id: string; values: Partial<EventValues>; actorId: string; now: Date },
) {
  await tx
    .update(events)
    .set({ ...params.values, updatedAt: params.now, updatedBy: params.actorId })
    .where(eq(events.id, params.id));
}

/** Replaces the event's categories. */
export async function setEventCategories(tx: DbOrTx, params: { eventId: string; categoryIds: readonly string[] }) {
  await tx.delete(eventCategoryLinks).where(eq(eventCategoryLinks.eventId, params.eventId));
  if (params.categoryIds.length === 0) return;
  await tx
    .insert(eventCategoryLinks)
    .values(params.categoryIds.map((eventCategoryId) => ({ eventId: params.eventId, eventCategoryId })));
}

/** Registrations (members and guests) and custom fields go with the event (foreign keys cascade). */
export async function deleteEvent(tx: DbOrTx, params: { id: string }) {
  await tx.delete(events).where(eq(events.id, params.id));
}

const isActive = (eventId: string) =>
  and(
    eq(eventRegistrations.eventId, eventId),
    inArray(eventRegistrations.eventRegistrationState, [...activeRegistrationStates]),
  );

/** Confirmed and unexpired Pending registrations: the slots taken (issue 15). */
export async function countActiveRegistrations(db: DbOrTx, params: { eventId: string; now: Date }) {
  const [row] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, params.eventId), holdsSlotAt(params.now)));
  return row?.n ?? 0;
}

/** The members with an active registration (guests are no persons and get no notification). */
export async function findRegisteredPersonIds(db: DbOrTx, params: { eventId: string }) {
  const rows = await db
    .selectDistinct({ personId: eventRegistrations.personId })
    .from(eventRegistrations)
    .where(and(isActive(params.eventId), isNotNull(eventRegistrations.personId)));
  return rows.map((r) => r.personId!);
}
