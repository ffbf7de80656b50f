import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createMembership,
  createPerson,
  createRegistration,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { eventCustomFields } from '../../db/schema/custom-fields';
import { notificationSubscriptions, notifications } from '../../db/schema/notifications';
import { eventCustomFieldValues } from '../../db/schema/registrations';
import { reportFigure, testDatabaseKind } from '../../../test/reliability/figures';
import { OWN_DATA_BATCH_SIZE } from './own-data.service';

describe('GET person/me/data (revFADP right of access)', () => {
  let t: TestApp;
  let club: { id: string; name: string };
  beforeAll(async () => {
    t = await createTestApp();
    club = await createClub(t.database.db);
  });
  afterAll(() => t.close());

  const download = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token)({ url: '/api/v1/person/me/data' });

  /** A member with an address, a subscription, notifications, registrations with custom answers. */
  async function memberWithData(options: { notificationCount?: number } = {}) {
    const db = t.database.db;
    const me = await createPerson(db, { clubId: club.id, firstname: 'Zoë', lastname: 'Müller' });
    const [address] = await db
      .insert(addresses)
      .values({ personId: me.id, label: 'Privat', street: 'Rosenweg 3', zip: '3000', city: 'Bern' })
      .returning({ id: addresses.id });
    await db.insert(addressEmails).values({ addressId: address!.id, personId: me.id, value: 'zoe@example.ch' });
    await db.insert(notificationSubscriptions).values({ personId: me.id, clubId: club.id, notificationType: 10 });
    const count = options.notificationCount ?? 2;
    await db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({
        personId: me.id,
        title: `Hinweis ${i}`,
        content: '<p>Inhalt</p>',
        notificationType: 10,
        channel: 2,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)),
      })),
    );
    const event = await createEvent(db, { responsibleClubId: club.id });
    const [field] = await db
      .insert(eventCustomFields)
      .values({ eventId: event.id, type: 1, title: 'Menü', modeMember: 2, modeGuest: 2 })
      .returning({ id: eventCustomFields.id });
    const asMember = await createRegistration(db, { eventId: event.id, personId: me.id, email: me.username });
    await db
      .insert(eventCustomFieldValues)
      .values({ registrationId: asMember.id, eventCustomFieldId: field!.id, value: 'vegi' });
    // A guest registration under her e-mail in other letter case is about her too.
    const otherEvent = await createEvent(db, { responsibleClubId: club.id });
    await createRegistration(db, { eventId: otherEvent.id, email: 'ZOE@example.CH' });
    // Someone else's registration and notification must not appear.
    const other = await createPerson(db, { clubId: club.id, firstname: 'Fremd' });
    await createRegistration(db, { eventId: event.id, personId: other.id, firstname: 'Fremd' });
    await db
      .insert(notifications)
      .values({ personId: other.id, title: 'Fremd', content: 'x', notificationType: 10, channel: 2 });
    return { me, event, otherEvent };
  }

  it('answers every part of her data as a JSON file, and nothing of anybody else', async () => {
    const { me, event, otherEvent } = await memberWithData();
    const res = await download(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bpw-my-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    const parts = [
      'person',
      'account',
      'passwordLinks',
      'roles',
      'addresses',
      'clubRelations',
      'notificationSubscriptions',
      'files',
      'sessions',
      'notifications',
      'eventRegistrations',
      'auditEntries',
      'consentLog',
      'leaveRequests',
      'erasureRequests',
    ];
    expect(Object.keys(data)).toEqual(['format', 'version', 'generatedAt', ...parts]);
    expect(data).toMatchObject({
      format: 'bpw-own-data',
      version: 1,
      person: { id: me.id, firstname: 'Zoë', lastname: 'Müller', primaryClub: { id: club.id } },
      account: { username: me.username, isAdmin: false },
      roles: ['member'],
      addresses: [{ label: 'Privat', city: 'Bern', emails: [{ value: 'zoe@example.ch' }] }],
      clubRelations: [{ club: { id: club.id, name: club.name }, type: 0 }],
      notificationSubscriptions: [{ notificationType: 10, club: { id: club.id } }],
      leaveRequests: [],
      erasureRequests: [],
    });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.notifications.map((n: { title: string }) => n.title)).toEqual(['Hinweis 0', 'Hinweis 1']);
    const registrations = data.eventRegistrations as { event: { id: string }; isMemberRegistration: boolean }[];
    expect(registrations).toHaveLength(2);
    expect(registrations.find((r) => r.event.id === event.id)).toMatchObject({
      isMemberRegistration: true,
      customValues: [{ field: 'Menü', type: 1, value: 'vegi' }],
    });
    expect(registrations.find((r) => r.event.id === otherEvent.id)).toMatchObject({ isMemberRegistration: false });
    // The download is on her own trail, with dates in the API's form.
    expect(data.auditEntries[0]).toMatchObject({ entity: 'person', action: 'exported', actor: { id: me.id } });
    expect(data.generatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const foreign = (res.body.match(/Fremd/g) ?? []).length;
    const secrets = (res.body.match(/hash|argon2/gi) ?? []).length;
    reportFigure(
      'own-data download',
      testDatabaseKind(),
      `all ${parts.length} parts present, ${foreign} rows of others, ${secrets} hashes`,
    );
    expect(foreign).toBe(0);
    expect(secrets).toBe(0);
  });

  it('holds her leave and erasure requests, the pending ones and the decided ones with their decision', async () => {
    const db = t.database.db;
    const [stay, withdrawn, declined, confirmed] = await Promise.all(
      ['Bleiben', 'Zurückgezogen', 'Abgelehnt', 'Bestätigt'].map((name) => createClub(db, { name: `BPW ${name}` })),
    );
    const me = await createPerson(db, { clubId: stay!.id });
    for (const c of [withdrawn!, declined!, confirmed!]) {
      await createMembership(db, { personId: me.id, clubId: c.id, type: 'single', from: '2020-01-01', to: null });
    }
    const admin = await createPerson(db, { isAdmin: true });
    const asMe = injectAs(t.app, (await signIn(t.app, me.username, me.password)).token);
    const asAdmin = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    const leave = async (clubId: string, payload: Record<string, unknown> = {}) => {
      const res = await asMe({
        method: 'POST',
        url: '/api/v1/person/me/leave-request',
        payload: { clubId, ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => expect((await res).statusCode).toBe(204);

    const pendingId = await leave(stay!.id, { message: 'Ich ziehe nach Genf.', wishedEnd: '2030-12-31' });
    const withdrawnId = await leave(withdrawn!.id);
    await ok(asMe({ method: 'DELETE', url: `/api/v1/person/me/leave-request/${withdrawnId}` }));
    const declinedId = await leave(declined!.id);
    await ok(
      asAdmin({
        method: 'PUT',
        url: `/api/v1/leave-request/${declinedId}/decline`,
        payload: { reason: 'Offene Rechnung' },
      }),
    );
    const confirmedId = await leave(confirmed!.id);
    await ok(
      asAdmin({ method: 'PUT', url: `/api/v1/leave-request/${confirmedId}/confirm`, payload: { end: '2030-06-30' } }),
    );
    const askErasure = () =>
      asMe({ method: 'POST', url: '/api/v1/person/me/erasure-request', payload: { password: me.password } });
    expect((await askErasure()).statusCode).toBe(201);
    await ok(asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${me.id}/decline`, payload: { reason: 'Amt' } }));
    expect((await askErasure()).statusCode).toBe(201);

    const data = (await download(me)).json();
    const instant = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const decided = (id: string, c: { id: string; name: string }, state: string, end: string | null) => ({
      id,
      club: { id: c.id, name: c.name },
      state,
      requestedAt: instant,
      decidedAt: instant,
      end,
    });
    expect(data.leaveRequests).toEqual([
      decided(withdrawnId, withdrawn!, 'withdrawn', null),
      decided(declinedId, declined!, 'declined', null),
      decided(confirmedId, confirmed!, 'confirmed', '2030-06-30'),
      {
        id: pendingId,
        club: { id: stay!.id, name: stay!.name },
        state: 'pending',
        message: 'Ich ziehe nach Genf.',
        wishedEnd: '2030-12-31',
        requestedAt: instant,
      },
    ]);
    expect(data.erasureRequests).toEqual([
      { state: 'declined', requestedAt: instant, decidedAt: instant },
      { state: 'pending', requestedAt: instant },
    ]);
    // The reason of a refusal reached her as a notification, which the file holds too.
    expect(JSON.stringify(data.notifications)).toContain('Offene Rechnung');
  });

  it('reads long lists in batches, each item once', async () => {
    const count = OWN_DATA_BATCH_SIZE * 2 + 7;
    const { me } = await memberWithData({ notificationCount: count });
    const data = (await download(me)).json();
    const ids = data.notifications.map((n: { id: string }) => n.id);
    reportFigure(
      'own-data download, long lists',
      testDatabaseKind(),
      `${ids.length} of ${count} notifications in batches of ${OWN_DATA_BATCH_SIZE}, ${new Set(ids).size} distinct`,
    );
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it('is for signed-in persons only', async () => {
    const res = await t.app.inject({ url: '/api/v1/person/me/data' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});
