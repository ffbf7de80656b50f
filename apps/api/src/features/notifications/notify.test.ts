import { NotificationType } from '@bpw/domain/enums/notification';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notifications, notificationSubscriptions } from '../../db/schema/notifications';
import { persons } from '../../db/schema/persons';
import { type NotificationSignal, createRealtime } from '../../platform/realtime/realtime';
import { notifyPersons, notifySubscribers, withNotifications } from './notify.service';

describe('the notification service other features call (notify.service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const subscribe = (personId: string, clubId: string | null, type: number, app = true, email = false) =>
    db().insert(notificationSubscriptions).values({
      personId,
      clubId,
      notificationType: type,
      isApplicationEnabled: app,
      isEmailEnabled: email,
    });
  const inboxOf = (personIds: string[]) =>
    db().select().from(notifications).where(inArray(notifications.personId, personIds));
  const mailsTo = (addresses: string[]) =>
    db().select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

  it('notifies a club’s subscribers in their language, by application and e-mail as each chose', async () => {
    const club = await createClub(db(), { name: 'BPW Lugano' });
    const appOnly = await createPerson(db(), { clubId: club.id, languageCode: 'it' });
    const mailOnly = await createPerson(db(), { clubId: club.id, languageCode: 'fr' });
    const neither = await createPerson(db(), { clubId: club.id });
    const archived = await createPerson(db(), { clubId: club.id, state: 90 });
    const otherClub = await createPerson(db());
    const excluded = await createPerson(db(), { clubId: club.id });
    await subscribe(appOnly.id, club.id, NotificationType.EventPublished);
    await subscribe(mailOnly.id, club.id, NotificationType.EventPublished, false, true);
    await subscribe(neither.id, club.id, NotificationType.EventPublished, false, false);
    await subscribe(archived.id, club.id, NotificationType.EventPublished);
    await subscribe(otherClub.id, (await createClub(db())).id, NotificationType.EventPublished);
    await subscribe(excluded.id, club.id, NotificationType.EventPublished);
    // A primary e-mail wins over the username.
    const [address] = await db().insert(addresses).values({ personId: mailOnly.id, label: 'Privé' }).returning();
    const [email] = await db()
      .insert(addressEmails)
      .values({ addressId: address!.id, personId: mailOnly.id, value: 'claire@example.test' })
      .returning();
    await db().update(persons).set({ primaryEmailId: email!.id }).where(eq(persons.id, mailOnly.id));

    const delivery = await db().transaction((tx) =>
      notifySubscribers(tx, {
        clubId: club.id,
        type: NotificationType.EventPublished,
        excludePersonIds: [excluded.id],
        text: { params: { event: 'Apéro <script>alert(1)</script> & Co', club: 'BPW Lugano' } },
        link: 'https://bpw.example/events/1?a=1&b=2',
      }),
    );
    expect(delivery.mailCount).toBe(1);
    expect(delivery.notifications.map((n) => n.personId)).toEqual([appOnly.id]);

    const everyone = [appOnly, mailOnly, neither, archived, otherClub, excluded].map((p) => p.id);
    const inbox = await inboxOf(everyone);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      personId: appOnly.id,
      channel: 2,
      notificationType: 2,
      isRead: false,
      title: 'Nuovo evento: Apéro <script>alert(1)</script> & Co',
      content:
        '<p>BPW Lugano ha pubblicato l’evento <strong>Apéro &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</strong>.</p>',
    });

    const [mail] = await mailsTo(['claire@example.test']);
    expect(mail).toMatchObject({ subject: 'Nouvel événement : Apéro <script>alert(1)</script> & Co' });
    expect(mail!.htmlBody).toContain('&lt;script&gt;');
    expect(mail!.htmlBody).not.toContain('<script>');
    expect(mail!.htmlBody).toContain('href="https://bpw.example/events/1?a=1&amp;b=2"');
    expect(mail!.textBody).toContain('BPW Lugano a publié l’événement Apéro <script>alert(1)</script> & Co.');
    expect(await mailsTo([neither.username, archived.username, excluded.username])).toEqual([]);
  });

  it('notifies persons by default in the application only, or as their subscription says', async () => {
    const plain = await createPerson(db(), { languageCode: 'en' });
    const mailToo = await createPerson(db());
    const muted = await createPerson(db());
    await subscribe(mailToo.id, null, NotificationType.EventRegistrationStateChanged, true, true);
    await subscribe(muted.id, null, NotificationType.EventRegistrationStateChanged, false, false);
    const delivery = await db().transaction((tx) =>
      notifyPersons(tx, {
        personIds: [plain.id, mailToo.id, muted.id],
        type: NotificationType.EventRegistrationStateChanged,
        text: { params: { event: 'Workshop', state: 'Confirmed' } },
      }),
    );
    expect(delivery.notifications.map((n) => n.personId).sort()).toEqual([plain.id, mailToo.id].sort());
    expect(delivery.mailCount).toBe(1);
    const [english] = await inboxOf([plain.id]);
    expect(english).toMatchObject({ title: 'Registration: Workshop', eventId: null });
    expect(await mailsTo([mailToo.username])).toHaveLength(1);
  });

  it('takes texts per language from the caller, falling back to German', async () => {
    const french = await createPerson(db(), { languageCode: 'fr' });
    const english = await createPerson(db(), { languageCode: 'en' });
    await db().transaction((tx) =>
      notifyPersons(tx, {
        personIds: [french.id, english.id],
        type: NotificationType.BookedEventUpdated,
        text: {
          byLanguage: {
            de: { title: 'Neu: {{what}}', content: '<p>{{what}}</p>' },
            fr: { title: 'Nouveau : {{what}}', content: '<p>{{what}}</p>' },
          },
          params: { what: '<b>Ort</b>' },
        },
      }),
    );
    expect(await inboxOf([french.id])).toMatchObject([
      { title: 'Nouveau : <b>Ort</b>', content: '<p>&lt;b&gt;Ort&lt;/b&gt;</p>' },
    ]);
    expect(await inboxOf([english.id])).toMatchObject([{ title: 'Neu: <b>Ort</b>' }]);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const person = await createPerson(db());
    await subscribe(person.id, null, NotificationType.BookedEventsReminder, true, true);
    await expect(
      db().transaction(async (tx) => {
        await notifyPersons(tx, { personIds: [person.id], type: NotificationType.BookedEventsReminder });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await inboxOf([person.id])).toEqual([]);
    expect(await mailsTo([person.username])).toEqual([]);
  });

  it('publishes to the streams and kicks the outbox only after the commit (withNotifications)', async () => {
    const person = await createPerson(db());
    await subscribe(person.id, null, NotificationType.BookedEventsReminder, true, true);
    const realtime = createRealtime({ pool: t.database.pool, scope: t.database.db });
    await realtime.ready();
    const received: NotificationSignal[] = [];
    const unsubscribe = realtime.subscribe(person.id, (s) => received.push(s));
    let kicks = 0;
    const outbox = { ...t.outbox, kick: () => void kicks++ };
    const result = await withNotifications({ db: db(), outbox, realtime }, async (tx, notify) => {
      const delivery = await notify.persons({ personIds: [person.id], type: NotificationType.BookedEventsReminder });
      expect(received).toEqual([]);
      expect(kicks).toBe(0);
      return delivery;
    });
    await expect.poll(() => received).toEqual(result.notifications);
    expect(kicks).toBe(1);
    unsubscribe();
    await realtime.close();
  });
});
