import { EventState } from '@bpw/domain/enums/event';
import { NotificationType } from '@bpw/domain/enums/notification';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notificationSubscriptions, notifications } from '../../db/schema/notifications';
import { events } from '../../db/schema/events';
import { createRealtime } from '../../platform/realtime/realtime';
import { withNotifications } from '../notifications/notify.service';
import { notifyEventPublished } from './event-publications.service';

describe('EventPublished: publishing an event and confirming a publication (issue 7)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  let clubA: { id: string; name: string };
  let clubB: { id: string; name: string };
  let managerB: ReturnType<typeof injectAs>;
  let eventManagerA: ReturnType<typeof injectAs>;
  const subscriber = { a: '', b: '', both: '', mailOnlyBoth: '' };

  beforeAll(async () => {
    t = await createTestApp();
    clubA = await createClub(db(), { name: 'BPW Aarau' });
    clubB = await createClub(db(), { name: 'BPW Bern' });
    const manager = await createPerson(db(), { clubId: clubB.id, type: 'database' });
    managerB = injectAs(t.app, (await signIn(t.app, manager.username, manager.password)).token);
    const eventManager = await createPerson(db(), { clubId: clubA.id, type: 'responsibleEvents' });
    eventManagerA = injectAs(t.app, (await signIn(t.app, eventManager.username, eventManager.password)).token);
    const subscribe = async (clubIds: string[], isApplicationEnabled = true, isEmailEnabled = false) => {
      const person = await createPerson(db(), { clubId: clubIds[0] });
      for (const clubId of clubIds) {
        await db().insert(notificationSubscriptions).values({
          personId: person.id,
          clubId,
          notificationType: NotificationType.EventPublished,
          isApplicationEnabled,
          isEmailEnabled,
        });
      }
      return person;
    };
    subscriber.a = (await subscribe([clubA.id])).id;
    subscriber.b = (await subscribe([clubB.id])).id;
    subscriber.both = (await subscribe([clubA.id, clubB.id])).id;
    const mailOnly = await subscribe([clubA.id, clubB.id], false, true);
    subscriber.mailOnlyBoth = mailOnly.username;
  });
  afterAll(() => t.close());

  const told = async (eventId: string) => {
    const rows = await db()
      .select({ personId: notifications.personId, title: notifications.title })
      .from(notifications)
      .where(
        and(eq(notifications.eventId, eventId), eq(notifications.notificationType, NotificationType.EventPublished)),
      );
    return rows.map((r) => r.personId).sort();
  };
  const mailsToMailOnly = async () =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.toAddress, [subscriber.mailOnlyBoth]))
    ).length;
  // What the events feature does when an event's state moves to Published or OpenForRegistration.
  const publishEvent = (eventId: string) =>
    withNotifications(
      { db: db(), outbox: t.outbox, realtime: createRealtime({ pool: undefined, scope: db() }) },
      (tx, notify) => notifyEventPublished(tx, notify, { eventId, link: `http://localhost/events-public/${eventId}` }),
    );
  const offerTo = async (eventId: string, clubId: string) => {
    const res = await eventManagerA({
      method: 'POST',
      url: '/api/v1/event-publication',
      payload: { eventId, clubIds: [clubId] },
    });
    return res.json().items[0].id as string;
  };
  const answer = (id: string, eventPublicationState: number) =>
    managerB({ method: 'PUT', url: `/api/v1/event-publication/${id}/state`, payload: { eventPublicationState } });

  it('tells the event’s club when it is published, and a confirming club once, each person once', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id, eventState: EventState.Published });
    const mailsBefore = await mailsToMailOnly();
    await publishEvent(event.id);
    expect(await told(event.id)).toEqual([subscriber.a, subscriber.both].sort());
    expect(await mailsToMailOnly()).toBe(mailsBefore + 1);

    // Publishing again (e.g. Published -> OpenForRegistration) tells nobody twice.
    await publishEvent(event.id);
    expect(await told(event.id)).toHaveLength(2);

    const id = await offerTo(event.id, clubB.id);
    expect(await told(event.id)).toHaveLength(2); // an invitation is not a publication yet
    expect((await answer(id, 20)).statusCode).toBe(200);
    // Club B's subscribers, except the one who already heard of it through club A.
    expect(await told(event.id)).toEqual([subscriber.a, subscriber.b, subscriber.both].sort());
    expect(await mailsToMailOnly()).toBe(mailsBefore + 1);

    // Rejecting and confirming again says nothing new.
    await answer(id, 30);
    await answer(id, 20);
    expect(await told(event.id)).toHaveLength(3);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.eventId, event.id), eq(notifications.personId, subscriber.b)));
    expect(notice).toMatchObject({ title: 'Neuer Anlass: ' + (await titleOf(event.id)), channel: 2 });
    expect(notice!.content).toContain('BPW Aarau');
  });

  it('waits with a confirmed publication until the event is published', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id, eventState: EventState.Planning });
    const id = await offerTo(event.id, clubB.id);
    expect((await answer(id, 20)).statusCode).toBe(200);
    expect(await told(event.id)).toEqual([]);
    await publishEvent(event.id); // still Planning: nothing
    expect(await told(event.id)).toEqual([]);

    await db().update(events).set({ eventState: EventState.OpenForRegistration }).where(eq(events.id, event.id));
    await publishEvent(event.id);
    expect(await told(event.id)).toEqual([subscriber.a, subscriber.b, subscriber.both].sort());
  });

  it('tells the subscribers when the event state moves to Published through the API', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id, eventState: EventState.Planning });
    const res = await eventManagerA({
      method: 'PUT',
      url: `/api/v1/event/${event.id}/event-state`,
      payload: { eventState: EventState.Published },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await told(event.id)).toEqual([subscriber.a, subscriber.both].sort());
  });

  async function titleOf(eventId: string) {
    const [row] = await db().select({ title: events.title }).from(events).where(eq(events.id, eventId));
    return row!.title;
  }
});
