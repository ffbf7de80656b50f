import { EventState } from '@bpw/domain/enums/event';
import { NotificationType } from '@bpw/domain/enums/notification';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createPerson, createRegistration } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { events } from '../../db/schema/events';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notificationSubscriptions, notifications } from '../../db/schema/notifications';
import { type EventWorld, createCategory, createEventWorld, eventBody } from './event-test-support';

/**
 * Spec 02 §7 "PUT event/{id}/event-state"; issue 6: a change of date, place or state reaches the
 * registrants as BookedEventUpdated; publishing reaches the club's EventPublished subscribers.
 */
describe('event state and the notifications of a change', () => {
  let t: TestApp;
  let w: EventWorld;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createEventWorld(t);
    categoryId = (await createCategory(t)).id;
  });
  afterAll(() => t.close());

  const noticesOf = async (eventId: string, type: number) =>
    w.db
      .select({ personId: notifications.personId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.eventId, eventId), eq(notifications.notificationType, type)));

  /** An event of club A with a Pending, a Confirmed, an Unregistered member and a guest. */
  async function bookedEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, title: 'Sommerfest', ...overrides });
    const [pending, confirmed, unregistered] = [
      await createPerson(w.db, { languageCode: 'fr' }),
      await createPerson(w.db),
      await createPerson(w.db),
    ];
    const register = (personId: string | null, state: number) =>
      createRegistration(w.db, { eventId: event.id, personId, eventRegistrationState: state });
    await register(pending.id, RegistrationState.Pending);
    await register(confirmed.id, RegistrationState.Confirmed);
    await register(unregistered.id, RegistrationState.Unregistered);
    const guest = await createRegistration(w.db, {
      eventId: event.id,
      personId: null,
      eventRegistrationState: RegistrationState.Confirmed,
      languageCode: 'it',
    });
    await createRegistration(w.db, {
      eventId: event.id,
      personId: null,
      eventRegistrationState: RegistrationState.Unregistered,
    });
    return { event, registered: [pending.id, confirmed.id].sort(), guestEmail: guest.email };
  }

  it('changes the state for the event’s managers only and answers the event', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Planning });
    const url = `/api/v1/event/${event.id}/event-state`;
    expect((await w.managerB({ method: 'PUT', url, payload: { eventState: 20 } })).statusCode).toBe(403);
    expect((await w.member({ method: 'PUT', url, payload: { eventState: 20 } })).statusCode).toBe(403);
    const res = await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.Archived } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: event.id, eventState: EventState.Archived });
    // Any state to any other (spec 02 §4 shows no transition rules).
    expect((await w.managerA({ method: 'PUT', url, payload: { eventState: 10 } })).json().eventState).toBe(10);
    const bad = await w.managerA({ method: 'PUT', url, payload: { eventState: 25 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Anlassstatus ist ungültig.']);
    const missing = await w.managerA({ method: 'PUT', url, payload: {} });
    expect(missing.json().errors).toEqual(['Anlassstatus darf nicht leer sein.']);
    const unknown = '/api/v1/event/00000000-0000-4000-8000-000000000000/event-state';
    expect((await w.admin({ method: 'PUT', url: unknown, payload: { eventState: 20 } })).statusCode).toBe(404);
  });

  it('tells the registered members (Pending, Confirmed) of a state change, in their language', async () => {
    const { event, registered } = await bookedEvent();
    const url = `/api/v1/event/${event.id}/event-state`;
    await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.Completed } });
    const notices = await noticesOf(event.id, NotificationType.BookedEventUpdated);
    expect(notices.map((n) => n.personId).sort()).toEqual(registered);
    expect(notices.map((n) => n.title).sort()).toEqual(
      ['Anlass geändert: Sommerfest', 'Événement modifié : Sommerfest'].sort(),
    );
    // The same state again changes nothing and tells nobody.
    await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.Completed } });
    expect(await noticesOf(event.id, NotificationType.BookedEventUpdated)).toHaveLength(2);
  });

  it('mails the guests still registered, in the language they registered in', async () => {
    const { event, guestEmail } = await bookedEvent();
    await w.managerA({
      method: 'PUT',
      url: `/api/v1/event/${event.id}/event-state`,
      payload: { eventState: EventState.Completed },
    });
    const mails = await w.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(like(mailOutbox.textBody, `%/events-public/${event.id}%`));
    // The unregistered guest hears nothing; the active one gets the Italian text with the link.
    expect(mails.map((m) => m.to)).toEqual([guestEmail]);
    expect(mails[0]!.subject).toBe('Evento modificato: Sommerfest');
  });

  it('tells them of a new date or place on PUT event/{id}, but not of a new title or text', async () => {
    const { event, registered } = await bookedEvent({
      eventFrom: new Date('2030-06-12T16:00:00Z'),
      eventTo: new Date('2030-06-12T20:00:00Z'),
    });
    const put = (overrides: Record<string, unknown>) =>
      w.managerA({
        method: 'PUT',
        url: `/api/v1/event/${event.id}`,
        payload: { ...eventBody(w.clubA.id, [categoryId], overrides), eventState: EventState.OpenForRegistration },
      });
    // Same date, place and state as stored (createEvent's defaults): only texts change.
    const same = {
      title: 'Sommerfest am See',
      teaserText: 'Neu',
      location: 'Kongresshaus',
      street: 'Claridenstrasse 5',
    };
    expect((await put(same)).statusCode).toBe(200);
    expect(await noticesOf(event.id, NotificationType.BookedEventUpdated)).toEqual([]);

    await put({ ...same, eventFrom: '2030-06-13T16:00:00Z', eventTo: '2030-06-13T20:00:00Z' });
    const afterDate = await noticesOf(event.id, NotificationType.BookedEventUpdated);
    expect(afterDate.map((n) => n.personId).sort()).toEqual(registered);
    expect(afterDate[0]!.title).toContain('Sommerfest am See');

    await put({ ...same, eventFrom: '2030-06-13T16:00:00Z', eventTo: '2030-06-13T20:00:00Z', location: 'Zunfthaus' });
    expect(await noticesOf(event.id, NotificationType.BookedEventUpdated)).toHaveLength(4);
  });

  it('sends nothing for an event without registrations', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    await w.managerA({ method: 'PUT', url: `/api/v1/event/${event.id}/event-state`, payload: { eventState: 30 } });
    expect(await w.db.select().from(notifications).where(eq(notifications.eventId, event.id))).toEqual([]);
  });

  it('publishing tells the club’s EventPublished subscribers once, not the person acting', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Planning });
    const subscriber = await createPerson(w.db);
    for (const personId of [subscriber.id, w.people.managerA.id]) {
      await w.db
        .insert(notificationSubscriptions)
        .values({ personId, clubId: w.clubA.id, notificationType: NotificationType.EventPublished });
    }
    const url = `/api/v1/event/${event.id}/event-state`;
    await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.Published } });
    await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.OpenForRegistration } });
    await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.Planning } });
    await w.managerA({ method: 'PUT', url, payload: { eventState: EventState.Published } });
    const notices = await noticesOf(event.id, NotificationType.EventPublished);
    expect(notices.map((n) => n.personId)).toEqual([subscriber.id]);
  });
});
