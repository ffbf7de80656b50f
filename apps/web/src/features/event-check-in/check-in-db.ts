import type { Attendee } from '@bpw/domain/schemas/event-check-in';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The door's offline store (issue 19, docs/decisions/tickets-check-in.md), in IndexedDB: per
 * event the list of registrations (names, states, ticket hashes: what the manager sees on the
 * registrations tab anyway) and the check-ins not yet sent. Lists of events last opened more
 * than a few days ago are removed when the page opens.
 */
export type StoredAttendee = Attendee & { eventId: string };
export type QueuedCheckIn = { id?: number; eventId: string; registrationId: string; checkedInAt: string };
export type StoredEvent = { eventId: string; title: string; savedAt: string };

interface DoorDb extends DBSchema {
  attendees: { key: [string, string]; value: StoredAttendee; indexes: { byEvent: string } };
  queue: { key: number; value: QueuedCheckIn; indexes: { byEvent: string } };
  events: { key: string; value: StoredEvent };
}

const KEEP_DAYS = 3;
let opened: Promise<IDBPDatabase<DoorDb>> | null = null;

function db() {
  opened ??= openDB<DoorDb>('bpw-check-in', 1, {
    upgrade(database) {
      database
        .createObjectStore('attendees', { keyPath: ['eventId', 'registrationId'] })
        .createIndex('byEvent', 'eventId');
      database.createObjectStore('queue', { keyPath: 'id', autoIncrement: true }).createIndex('byEvent', 'eventId');
      database.createObjectStore('events', { keyPath: 'eventId' });
    },
  });
  return opened;
}

export async function readEvent(eventId: string) {
  const database = await db();
  const [event, attendees] = await Promise.all([
    database.get('events', eventId),
    database.getAllFromIndex('attendees', 'byEvent', eventId),
  ]);
  return { event, attendees };
}

/** Replaces the event's list with the server's, keeping the check-ins still waiting to be sent. */
export async function saveEvent(event: StoredEvent, attendees: readonly Attendee[]) {
  const database = await db();
  const tx = database.transaction(['attendees', 'queue', 'events'], 'readwrite');
  const waiting = await tx.objectStore('queue').index('byEvent').getAll(event.eventId);
  const store = tx.objectStore('attendees');
  for (const key of await store.index('byEvent').getAllKeys(event.eventId)) await store.delete(key);
  for (const attendee of attendees) {
    const queued = waiting.find((q) => q.registrationId === attendee.registrationId);
    const isLocalEarlier =
      queued && (attendee.checkedInAt === null || Date.parse(queued.checkedInAt) < Date.parse(attendee.checkedInAt));
    await store.put({
      ...attendee,
      ...(isLocalEarlier ? { checkedInAt: queued.checkedInAt } : {}),
      eventId: event.eventId,
    });
  }
  await tx.objectStore('events').put(event);
  await tx.done;
}

export async function putAttendee(attendee: StoredAttendee) {
  await (await db()).put('attendees', attendee);
}

export async function enqueue(item: QueuedCheckIn) {
  await (await db()).add('queue', item);
}

export async function queuedOf(eventId: string) {
  return (await db()).getAllFromIndex('queue', 'byEvent', eventId);
}

export async function dequeue(id: number) {
  await (await db()).delete('queue', id);
}

/** Removes the lists of events opened long ago (their waiting check-ins are kept until sent). */
export async function forgetOldEvents(now: Date) {
  const database = await db();
  const tx = database.transaction(['attendees', 'queue', 'events'], 'readwrite');
  for (const event of await tx.objectStore('events').getAll()) {
    const isOld = now.getTime() - Date.parse(event.savedAt) > KEEP_DAYS * 86_400_000;
    const hasWaiting = (await tx.objectStore('queue').index('byEvent').count(event.eventId)) > 0;
    if (!isOld || hasWaiting) continue;
    const attendees = tx.objectStore('attendees');
    for (const key of await attendees.index('byEvent').getAllKeys(event.eventId)) await attendees.delete(key);
    await tx.objectStore('events').delete(event.eventId);
  }
  await tx.done;
}
