import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createPerson,
  injectAs,
  nextIp,
  signIn,
  uniqueSuffix,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { webhookMessages, webhookSubscriptions } from '../../db/schema/webhooks';
import { type Receiver, startReceiver, webhookHeaders } from './webhook-test-support';

/** POST event-public/{id}/event-registration as a guest. */
const register = (t: TestApp, eventId: string, firstname = 'Gabriela') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/event-public/${eventId}/event-registration`,
    headers: { 'x-forwarded-for': nextIp() },
    payload: {
      firstname,
      lastname: `Gast ${uniqueSuffix()}`,
      email: `gast-${uniqueSuffix()}@example.ch`,
      street: 'Bundesgasse 3',
      zip: '3011',
      city: 'Bern',
      countryCode: 'CH',
      remarks: null,
      eventCustomFieldValues: [],
    },
  });

describe('webhooks (issue 26): subscriptions, signed deliveries, retries, SSRF', () => {
  let t: TestApp;
  let receiver: Receiver;
  let offsetMs = 0;
  let clubA: string;
  let clubB: string;
  let admin: CreatedPerson;
  let managerA: CreatedPerson;
  let managerB: CreatedPerson;
  let member: CreatedPerson;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      now: () => new Date(Date.now() + offsetMs),
    });
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    admin = await createPerson(db, { isAdmin: true, languageCode: 'en' });
    managerA = await createPerson(db, { clubId: clubA, type: 'database', languageCode: 'fr' });
    managerB = await createPerson(db, { clubId: clubB, type: 'database' });
    member = await createPerson(db, { clubId: clubA });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    offsetMs = 0;
    receiver.reset();
    // Every test starts without subscriptions: none hears another test's changes.
    await t.database.db.delete(webhookSubscriptions);
  });

  /** Signed in now (the clock may have moved past an earlier token's expiry). */
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);

  async function subscribe(person: CreatedPerson, body: { clubId: string | null; events: string[]; url?: string }) {
    const res = await (
      await as(person)
    )({
      method: 'POST',
      url: '/api/v1/webhook',
      payload: { url: receiver.url, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  }

  async function renamePerson(personId: string, lastname: string, by: CreatedPerson = admin) {
    const inject = await as(by);
    const person = (await inject({ url: `/api/v1/person/${personId}` })).json();
    const res = await inject({ method: 'PUT', url: `/api/v1/person/${personId}`, payload: { ...person, lastname } });
    expect(res.statusCode, res.body).toBe(200);
  }

  const bodies = () =>
    receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });

  it('lets a club manager subscribe for her club only, admins for the association, members not at all', async () => {
    const post = async (person: CreatedPerson, clubId: string | null) =>
      (
        await (
          await as(person)
        )({
          method: 'POST',
          url: '/api/v1/webhook',
          payload: { clubId, url: receiver.url, events: ['person.updated'] },
        })
      ).statusCode;
    expect(await post(member, clubA)).toBe(403);
    expect(await post(managerB, clubA)).toBe(403);
    expect(await post(managerA, null)).toBe(403);
    expect(await post(managerA, clubA)).toBe(201);
    expect(await post(admin, null)).toBe(201);

    const list = await (await as(managerA))({ url: `/api/v1/webhook?ClubId=${clubA}` });
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).not.toHaveProperty('secret');
    expect((await (await as(managerB))({ url: `/api/v1/webhook?ClubId=${clubA}` })).statusCode).toBe(403);
    expect((await (await as(managerA))({ url: '/api/v1/webhook' })).statusCode).toBe(403);
    const id = list.json().items[0].id as string;
    expect((await (await as(managerB))({ url: `/api/v1/webhook/${id}/attempt` })).statusCode).toBe(403);
    expect((await (await as(member))({ method: 'DELETE', url: `/api/v1/webhook/${id}` })).statusCode).toBe(403);
  });

  it('keeps at most 20 webhooks per club, with a message that says so; the list shows them all', async () => {
    for (let i = 0; i < 20; i++) await subscribe(managerA, { clubId: clubA, events: ['person.updated'] });
    const inject = await as(managerA);
    const refused = await inject({
      method: 'POST',
      url: '/api/v1/webhook',
      payload: { clubId: clubA, url: receiver.url, events: ['person.updated'] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    // In her own language (French), not the browser's.
    expect(refused.json().errors).toEqual([
      'Un club ou l’association peut avoir au plus 20 webhooks. Supprimez d’abord celui dont vous n’avez plus besoin.',
    ]);
    const list = (await inject({ url: `/api/v1/webhook?ClubId=${clubA}` })).json();
    expect(list.total).toBe(20);
    expect(list.items).toHaveLength(20);
    // Another club's count is its own.
    await subscribe(managerB, { clubId: clubB, events: ['person.updated'] });
  });

  it('refuses addresses of the own network at subscription, each with its reason', async () => {
    const inject = await as(admin);
    const refusal = async (url: string) => {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/webhook',
        headers: { 'accept-language': 'en-US' },
        payload: { clubId: null, url, events: ['person.updated'] },
      });
      expect(res.statusCode, url).toBe(400);
      return res.json().errors[0] as string;
    };
    expect(await refusal('http://93.184.215.14/hook')).toBe('The address must start with https://.');
    for (const url of [
      'https://localhost/hook',
      'https://127.0.0.2/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[::]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
    ]) {
      expect(await refusal(url)).toBe('This address leads into an internal network and is not allowed.');
    }
    // A public address is taken (its server is asked only when something is sent).
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/v1/webhook',
          payload: { clubId: null, url: 'https://93.184.215.14/hook', events: ['person.updated'] },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('signs each delivery so that standardwebhooks verifies it; a rotated secret replaces the old one', async () => {
    const { id, secret } = await subscribe(admin, { clubId: null, events: ['person.updated'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await renamePerson(member.id, 'Signiert');
    expect(await t.app.webhooks.runOnce()).toBe(1);
    const [delivery] = receiver.received;
    const verified = new StandardWebhook(secret).verify(delivery!.body, webhookHeaders(delivery!)) as {
      type: string;
      data: { id: string; lastname: string };
    };
    expect(verified.type).toBe('person.updated');
    expect(verified.data).toMatchObject({ id: member.id, lastname: 'Signiert' });

    const rotated = await (await as(admin))({ method: 'POST', url: `/api/v1/webhook/${id}/secret` });
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(secret);
    await renamePerson(member.id, 'Neu signiert');
    await t.app.webhooks.runOnce();
    const second = receiver.received[1]!;
    expect(() => new StandardWebhook(secret).verify(second.body, webhookHeaders(second))).toThrow();
    expect(() => new StandardWebhook(newSecret).verify(second.body, webhookHeaders(second))).not.toThrow();
  });

  it("carries the resource as the subscriber's role sees it, only to clubs that may see it", async () => {
    const inClubB = await createPerson(t.database.db, { clubId: clubB, birthday: '1975-03-02' });
    await subscribe(managerA, { clubId: clubA, events: ['person.updated', 'membership.changed'] });
    await subscribe(admin, { clubId: null, events: ['person.updated'] });
    await renamePerson(inClubB.id, 'Anderswo');
    await renamePerson(member.id, 'Hiesig');
    await t.app.webhooks.runOnce();
    const received = bodies();
    // The association hears both; club A only of its own member.
    expect(received.filter((b) => b.data.id === inClubB.id)).toHaveLength(1);
    expect(received.filter((b) => b.data.id === member.id)).toHaveLength(2);
    // Club A's payload is what its club manager's GET person answers (birthday included), nothing more.
    const asManager = (await (await as(managerA))({ url: `/api/v1/person/${member.id}` })).json();
    const clubPayloads = received.filter((b) => b.data.id === member.id);
    for (const payload of clubPayloads) {
      expect(Object.keys(payload.data).sort()).toEqual(Object.keys(asManager).sort());
      expect({ ...payload.data, canControlAccount: null }).toEqual({ ...asManager, canControlAccount: null });
    }

    // A new relation in club A: its club hears of it, with that club's relations of the person.
    receiver.received.length = 0;
    const res = await (
      await as(admin)
    )({
      method: 'POST',
      url: `/api/v1/person/${inClubB.id}/club`,
      payload: { clubId: clubA, type: 0, from: '2024-01-01', to: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.webhooks.runOnce();
    const [changed] = bodies();
    expect(changed?.type).toBe('membership.changed');
    expect(changed?.data).toMatchObject({ personId: inClubB.id, clubId: clubA });
    expect((changed?.data.relations as { clubId: string }[]).map((r) => r.clubId)).toEqual([clubA]);
  });

  it("sends a registration of the club's event to the club, as its staff see it", async () => {
    await subscribe(managerA, { clubId: clubA, events: ['registration.created'] });
    const own = await createEvent(t.database.db, { responsibleClubId: clubA });
    const other = await createEvent(t.database.db, { responsibleClubId: clubB });
    expect((await register(t, other.id)).statusCode).toBe(201);
    const res = await register(t, own.id, 'Verena');
    expect(res.statusCode, res.body).toBe(201);
    await t.app.webhooks.runOnce();
    expect(bodies()).toHaveLength(1);
    expect(bodies()[0]).toMatchObject({
      type: 'registration.created',
      data: { id: res.json().id, eventId: own.id, firstname: 'Verena' },
    });
  });

  it('retries with exponential back-off and keeps the order of one resource', async () => {
    const { id } = await subscribe(admin, { clubId: null, events: ['person.updated'] });
    await renamePerson(member.id, 'Erste');
    await renamePerson(member.id, 'Zweite');
    receiver.answer(500, 500);
    await t.app.webhooks.runOnce();
    // The second change waits for the first.
    expect(receiver.received).toHaveLength(1);
    offsetMs = 29_000;
    await t.app.webhooks.runOnce();
    expect(receiver.received).toHaveLength(1);
    offsetMs = 31_000;
    await t.app.webhooks.runOnce();
    expect(receiver.received).toHaveLength(2);
    offsetMs = 31_000 + 59_000;
    await t.app.webhooks.runOnce();
    expect(receiver.received).toHaveLength(2);
    offsetMs = 31_000 + 61_000;
    await t.app.webhooks.runOnce();
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(4);
    // The same id on every attempt of the first; then the second, in order.
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);

    const log = (await (await as(admin))({ url: `/api/v1/webhook/${id}/attempt?PerPage=10` })).json();
    expect(log.total).toBe(4);
    expect(log.items.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 200, 500, 500]);
    expect(log.items.map((a: { attempt: number }) => a.attempt)).toEqual([1, 3, 2, 1]);
    expect(log.items[3]).toMatchObject({ error: 'status', eventType: 'person.updated', messageState: 'delivered' });
    expect(log.items.every((a: { durationMs: number }) => a.durationMs >= 0)).toBe(true);
    const page = (await (await as(admin))({ url: `/api/v1/webhook/${id}/attempt?PerPage=3&Page=1` })).json();
    expect(page.items).toHaveLength(1);
  });

  it('disables the subscription after 24 hours of failures, mails its creator, and redelivers by hand', async () => {
    const { id } = await subscribe(managerA, { clubId: clubA, events: ['person.updated'] });
    await renamePerson(member.id, 'Unzustellbar');
    receiver.answer(...Array.from({ length: 40 }, () => 503));
    for (let hour = 0; hour <= 24; hour++) {
      offsetMs = hour * 3_600_000 + 1_000;
      await t.app.webhooks.runOnce();
    }
    const attempts = receiver.received.length;
    expect(attempts).toBeGreaterThan(5);
    const webhook = (await (await as(managerA))({ url: `/api/v1/webhook/${id}` })).json();
    expect(webhook).toMatchObject({ isEnabled: false, disabledReason: 'failing' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, managerA.username));
    expect(mails.map((m) => m.subject)).toEqual(['Un webhook a été désactivé']);
    expect(mails[0]!.textBody).toContain(receiver.url);

    // Nothing more is sent while disabled.
    await renamePerson(member.id, 'Still');
    offsetMs += 3_600_000;
    await t.app.webhooks.runOnce();
    expect(receiver.received).toHaveLength(attempts);

    // Enabled again and redelivered by hand: the same webhook-id, delivered now.
    const inject = await as(managerA);
    const enabled = await inject({
      method: 'PUT',
      url: `/api/v1/webhook/${id}`,
      payload: { url: receiver.url, events: ['person.updated'], isEnabled: true },
    });
    expect(enabled.json()).toMatchObject({ isEnabled: true, disabledReason: null });
    const [message] = await t.database.db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(eq(webhookMessages.subscriptionId, id));
    receiver.reset();
    const redelivery = await inject({ method: 'POST', url: `/api/v1/webhook/${id}/message/${message!.id}/redelivery` });
    expect(redelivery.statusCode).toBe(202);
    await t.app.webhooks.runOnce();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([message!.id]);
    const log = (await inject({ url: `/api/v1/webhook/${id}/attempt?PerPage=1` })).json();
    expect(log.items[0]).toMatchObject({ messageId: message!.id, statusCode: 200, messageState: 'delivered' });
    const again = await inject({ method: 'POST', url: `/api/v1/webhook/${id}/message/${message!.id}/redelivery` });
    expect(again.statusCode).toBe(202);
  });

  it('checks the address again at delivery: a host that now resolves inside is not called', async () => {
    const { id } = await subscribe(admin, { clubId: null, events: ['person.updated'] });
    // As if its DNS now pointed at the own network: localhost is not on the allow-list.
    await t.database.db
      .update(webhookSubscriptions)
      .set({ url: `http://localhost:${receiver.port}/hook` })
      .where(eq(webhookSubscriptions.id, id));
    await renamePerson(member.id, 'Umgeleitet');
    await t.app.webhooks.runOnce();
    expect(receiver.received).toHaveLength(0);
    const log = (await (await as(admin))({ url: `/api/v1/webhook/${id}/attempt` })).json();
    expect(log.items[0]).toMatchObject({ statusCode: null, error: 'notHttps' });
    await t.database.db
      .update(webhookSubscriptions)
      .set({ url: `https://localhost:${receiver.port}/hook` })
      .where(eq(webhookSubscriptions.id, id));
    offsetMs = 60_000;
    await t.app.webhooks.runOnce();
    const again = (await (await as(admin))({ url: `/api/v1/webhook/${id}/attempt` })).json();
    expect(again.items[0]).toMatchObject({ statusCode: null, error: 'privateAddress' });
    expect(receiver.received).toHaveLength(0);
  });

  it('sends nothing for a change that was refused', async () => {
    await subscribe(admin, { clubId: null, events: ['person.updated', 'person.created'] });
    const inject = await as(admin);
    const person = (await inject({ url: `/api/v1/person/${member.id}` })).json();
    const res = await inject({
      method: 'PUT',
      url: `/api/v1/person/${member.id}`,
      payload: { ...person, birthday: '2999-01-01' },
    });
    expect(res.statusCode).toBe(400);
    await t.app.webhooks.runOnce();
    expect(receiver.received).toHaveLength(0);
  });
});
