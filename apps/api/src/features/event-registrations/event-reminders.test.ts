import { EventState } from '@bpw/domain/enums/event';
import { NotificationType } from '@bpw/domain/enums/notification';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/events';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notificationSubscriptions, notifications } from '../../db/schema/notifications';
import { eventPublications } from '../../db/schema/publications';
import { bookedEventsReminderJobName } from './booked-events-reminder.job';
import { registrationDeadlineReminderJobName } from './registration-deadline-reminder.job';
import { createClub, createEvent, createPerson, createRegistration } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('reminders (spec 02 §3, §9; issue 7: each exactly once)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const now = new Date();
  const at = (ms: number) => new Date(now.getTime() + ms);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (job: string, when = now) => t.app.scheduler.runJob(job, { now: when });
  const noticesOf = async (eventId: string, type: number) =>
    (
      await db()
        .select({ personId: notifications.personId, title: notifications.title, content: notifications.content })
        .from(notifications)
        .where(and(eq(notifications.eventId, eventId), eq(notifications.notificationType, type)))
    ).sort((a, b) => a.personId.localeCompare(b.personId));
  const mailsTo = (addresses: string[]) =>
    db().select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

  describe('BookedEventsReminder, 3 days before the event', () => {
    it('reminds each confirmed registrant once: members in the app, guests by mail', async () => {
      const club = await createClub(db());
      const event = await createEvent(db(), {
        responsibleClubId: club.id,
        title: 'Herbstforum <Bern>',
        eventFrom: at(2 * DAY),
        eventTo: at(2 * DAY + 3 * HOUR),
        defaultLanguageCode: 'fr',
      });
      const confirmed = await createPerson(db(), { clubId: club.id, languageCode: 'it' });
      const pending = await createPerson(db(), { clubId: club.id });
      const unregistered = await createPerson(db(), { clubId: club.id });
      await createRegistration(db(), { eventId: event.id, personId: confirmed.id, eventRegistrationState: 30 });
      await createRegistration(db(), { eventId: event.id, personId: pending.id });
      await createRegistration(db(), { eventId: event.id, personId: unregistered.id, eventRegistrationState: 50 });
      const guest = await createRegistration(db(), { eventId: event.id, eventRegistrationState: 30 });
      const pendingGuest = await createRegistration(db(), { eventId: event.id });

      const first = await run(bookedEventsReminderJobName);
      expect(first).toMatchObject({ ran: true });
      const second = await run(bookedEventsReminderJobName, at(HOUR));
      expect(second).toEqual({ ran: true, report: { events: 0, members: 0, guests: 0 } });

      const notices = await noticesOf(event.id, NotificationType.BookedEventsReminder);
      expect(notices).toEqual([
        {
          personId: confirmed.id,
          title: 'Promemoria: Herbstforum <Bern>',
          content: expect.stringContaining('<strong>Herbstforum &lt;Bern&gt;</strong> si terrà il'),
        },
      ]);
      const guestMails = await mailsTo([guest.email, pendingGuest.email]);
      expect(guestMails).toHaveLength(1);
      expect(guestMails[0]).toMatchObject({ toAddress: guest.email, subject: 'Rappel : Herbstforum <Bern>' });
      expect(guestMails[0]!.textBody).toContain(`/events-public/${event.id}`);
      expect(guestMails[0]!.htmlBody).toContain('Herbstforum &lt;Bern&gt;');
    });

    it('waits until the event is 3 days away, skips past and unpublished events, and reminds again after a move', async () => {
      const club = await createClub(db());
      const person = await createPerson(db(), { clubId: club.id });
      const later = await createEvent(db(), { responsibleClubId: club.id, eventFrom: at(5 * DAY), eventTo: null });
      const past = await createEvent(db(), { responsibleClubId: club.id, eventFrom: at(-HOUR), eventTo: null });
      const planning = await createEvent(db(), {
        responsibleClubId: club.id,
        eventFrom: at(DAY),
        eventTo: null,
        eventState: EventState.Planning,
      });
      for (const event of [later, past, planning]) {
        await createRegistration(db(), {
          eventId: event.id,
          personId: person.id,
          eventRegistrationState: RegistrationState.Confirmed,
        });
      }
      const type = NotificationType.BookedEventsReminder;

      await run(bookedEventsReminderJobName);
      for (const event of [later, past, planning]) expect(await noticesOf(event.id, type)).toEqual([]);

      await run(bookedEventsReminderJobName, at(2 * DAY + HOUR)); // now 2 days 23 hours before
      expect(await noticesOf(later.id, type)).toHaveLength(1);
      await run(bookedEventsReminderJobName, at(2 * DAY + 2 * HOUR));
      expect(await noticesOf(later.id, type)).toHaveLength(1);

      // Moved by a week: the reminder of the new date is another reminder.
      await db()
        .update(events)
        .set({ eventFrom: at(12 * DAY) })
        .where(eq(events.id, later.id));
      await run(bookedEventsReminderJobName, at(9 * DAY + HOUR));
      await run(bookedEventsReminderJobName, at(9 * DAY + 2 * HOUR));
      expect(await noticesOf(later.id, type)).toHaveLength(2);
    });
  });

  describe('EventRegistrationDeadlineReminder, before the registration deadline', () => {
    const type = NotificationType.EventRegistrationDeadlineReminder;
    const subscribe = async (personId: string, clubId: string) =>
      db().insert(notificationSubscriptions).values({ personId, clubId, notificationType: type });

    it('tells the subscribers of the event’s club and of accepting clubs once, leaving out the registered', async () => {
      const club = await createClub(db(), { name: 'BPW Luzern' });
      const accepting = await createClub(db());
      const invited = await createClub(db());
      const event = await createEvent(db(), {
        responsibleClubId: club.id,
        title: 'Netzwerk-Lunch',
        registrationTo: at(2 * DAY),
      });
      await db()
        .insert(eventPublications)
        .values([
          { eventId: event.id, clubId: accepting.id, eventPublicationState: PublicationState.Confirmed },
          { eventId: event.id, clubId: invited.id, eventPublicationState: PublicationState.Invited },
        ]);
      const own = await createPerson(db(), { clubId: club.id });
      const both = await createPerson(db(), { clubId: club.id });
      const ofAccepting = await createPerson(db(), { clubId: accepting.id });
      const ofInvited = await createPerson(db(), { clubId: invited.id });
      const registered = await createPerson(db(), { clubId: club.id });
      await subscribe(own.id, club.id);
      await subscribe(both.id, club.id);
      await subscribe(both.id, accepting.id);
      await subscribe(ofAccepting.id, accepting.id);
      await subscribe(ofInvited.id, invited.id);
      await subscribe(registered.id, club.id);
      await createRegistration(db(), { eventId: event.id, personId: registered.id });

      await run(registrationDeadlineReminderJobName);
      await run(registrationDeadlineReminderJobName, at(HOUR));

      const notices = await noticesOf(event.id, type);
      expect(notices.map((n) => n.personId)).toEqual([own.id, both.id, ofAccepting.id].sort());
      expect(notices[0]).toMatchObject({ title: 'Anmeldeschluss naht: Netzwerk-Lunch' });
      expect(notices[0]!.content).toContain('(BPW Luzern) schliesst am');
    });

    it('skips events without our own open registration, full ones and deadlines further away', async () => {
      const club = await createClub(db());
      const subscriberPerson = await createPerson(db(), { clubId: club.id });
      await subscribe(subscriberPerson.id, club.id);
      const base = { responsibleClubId: club.id, registrationTo: at(DAY) };
      const full = await createEvent(db(), { ...base, registrationSlots: 1 });
      await createRegistration(db(), { eventId: full.id, eventRegistrationState: RegistrationState.Confirmed });
      const skipped = [
        full,
        await createEvent(db(), { ...base, externalRegistrationUrl: 'https://example.ch/anmelden' }),
        await createEvent(db(), { ...base, registrationSlots: null }),
        await createEvent(db(), { ...base, eventState: EventState.Published }),
        await createEvent(db(), { ...base, registrationTo: at(-HOUR) }),
      ];
      const later = await createEvent(db(), { ...base, registrationTo: at(4 * DAY) });

      await run(registrationDeadlineReminderJobName);
      for (const event of [...skipped, later]) expect(await noticesOf(event.id, type)).toEqual([]);
      await run(registrationDeadlineReminderJobName, at(DAY + HOUR));
      expect(await noticesOf(later.id, type)).toHaveLength(1);
    });
  });
});
