import type { Address, AddressInput } from '@bpw/domain/schemas/address';
import type { AuditTrail, AuditTrailEntry } from '@bpw/domain/schemas/audit-trail';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, nextIp, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePng, multipartBody } from '../../../test/uploads';
import { auditEntries } from '../../db/schema/audit-log';
import { mailOutbox } from '../../db/schema/mail-outbox';

const addressPayload = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  addressType: 10,
  label: 'Geschäft',
  firstname: 'Anna',
  lastname: 'Muster',
  company: 'Muster AG',
  competences: [0, 70],
  street: 'Bundesplatz 3',
  zip: '3003',
  city: 'Bern',
  countryCode: 'CH',
  emails: [{ label: 'Büro', value: 'anna@muster.test' }],
  phones: [{ label: 'Zentrale', value: '+41 31 000 00 00', phoneType: 0 }],
  urls: [{ value: 'https://muster.test', urlType: 0 }],
  ...overrides,
});
const addressUrl = (personId: string, addressId?: string) =>
  `/api/v1/person/${personId}/address${addressId ? `/${addressId}` : ''}`;

/**
 * Issue 9, contact data and credentials: addresses, their e-mails, phones and URLs, primary
 * toggles, the avatar and username or password changes are on the person's trail, with the
 * actor, and their details hold ids and field names only.
 */
describe('audit trail of contact data, avatar and credentials', () => {
  let t: TestApp;
  let club: { id: string; name: string };
  let admin: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    club = await createClub(t.database.db);
    admin = await createPerson(t.database.db, { isAdmin: true, firstname: 'Ada', lastname: 'Admin' });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const trailOf = async (id: string) => {
    const res = await (await as(admin))({ url: `/api/v1/person/${id}/audit-entry?PerPage=0` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AuditTrail).items;
  };
  /** The entries a step added, as `entity.action`, sorted (one transaction's entries share their time). */
  async function stepOf(personId: string, step: () => Promise<void>) {
    const before = new Set((await trailOf(personId)).map((e) => e.id));
    await step();
    const added = (await trailOf(personId)).filter((e) => !before.has(e.id));
    return { added, names: added.map((e) => `${e.entity}.${e.action}`).sort() };
  }
  const actorOf = (entries: AuditTrailEntry[]) => [...new Set(entries.map((e) => e.actor?.id))];
  /** Every stored entry about her, details included (the API does not show details). */
  const storedOf = (personId: string) =>
    t.database.db.select().from(auditEntries).where(eq(auditEntries.subjectPersonId, personId));

  it('records addresses, their entries and primary toggles, by whoever made them', async () => {
    const person = await createPerson(t.database.db, { clubId: club.id });
    const asHer = await as(person);
    const asAdmin = await as(admin);
    let address!: Address;

    const created = await stepOf(person.id, async () => {
      const res = await asHer({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() });
      expect(res.statusCode, res.body).toBe(201);
      address = res.json() as Address;
    });
    expect(created.names).toEqual([
      'address.created',
      'addressEmail.created',
      'addressPhone.created',
      'addressUrl.created',
    ]);
    expect(actorOf(created.added)).toEqual([person.id]);

    const [email, phone, url] = [address.emails[0]!, address.phones[0]!, address.urls[0]!];
    let newPhoneId = '';
    const updated = await stepOf(person.id, async () => {
      const res = await asAdmin({
        method: 'PUT',
        url: addressUrl(person.id, address.id),
        payload: addressPayload({
          city: 'Thun',
          emails: [{ id: email.id, label: 'Büro', value: 'anna.neu@muster.test' }],
          phones: [{ label: 'Mobil', value: '+41 79 111 22 33', phoneType: 20 }],
          // unchanged: no entry
          urls: [{ id: url.id, value: url.value, urlType: url.urlType }],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      newPhoneId = (res.json() as Address).phones[0]!.id;
    });
    expect(updated.names).toEqual([
      'address.updated',
      'addressEmail.updated',
      'addressPhone.created',
      'addressPhone.deleted',
    ]);
    expect(actorOf(updated.added)).toEqual([admin.id]);
    const stored = await storedOf(person.id);
    expect(stored.find((e) => e.entity === 'address' && e.action === 'updated')?.details).toEqual({ fields: ['city'] });
    expect(stored.find((e) => e.entity === 'addressPhone' && e.action === 'deleted')).toMatchObject({
      entityId: phone.id,
      details: { addressId: address.id },
    });

    const unchanged = await stepOf(person.id, async () => {
      const res = await asAdmin({
        method: 'PUT',
        url: addressUrl(person.id, address.id),
        payload: addressPayload({
          city: 'Thun',
          emails: [{ id: email.id, label: 'Büro', value: 'anna.neu@muster.test' }],
          phones: [{ id: newPhoneId, label: 'Mobil', value: '+41 79 111 22 33', phoneType: 20 }],
          urls: [{ id: url.id, value: url.value, urlType: url.urlType }],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(unchanged.names).toEqual([]);

    // The new phone filled the empty primary when it was created: unset and set it again. Setting
    // what is already set (the URL, unset twice) leaves no entry.
    const primaries = await stepOf(person.id, async () => {
      for (const [kind, id] of [
        ['phone', null],
        ['phone', newPhoneId],
        ['url', null],
        ['url', null],
      ] as const) {
        const res = await asHer({ method: 'PUT', url: `/api/v1/person/${person.id}/primary-${kind}`, payload: { id } });
        expect(res.statusCode, res.body).toBe(204);
      }
    });
    expect(primaries.names).toEqual(['addressPhone.updated', 'addressPhone.updated', 'addressUrl.updated']);
    expect(actorOf(primaries.added)).toEqual([person.id]);
    const toggles = (await storedOf(person.id)).filter((e) => e.details && 'isPrimary' in (e.details as object));
    expect(toggles.map((e) => JSON.stringify([e.entityId, e.details])).sort()).toEqual(
      [
        [newPhoneId, { fields: ['primary'], isPrimary: false }],
        [newPhoneId, { fields: ['primary'], isPrimary: true }],
        [url.id, { fields: ['primary'], isPrimary: false }],
      ]
        .map((e) => JSON.stringify(e))
        .sort(),
    );

    const deleted = await stepOf(person.id, async () => {
      const res = await asAdmin({ method: 'DELETE', url: addressUrl(person.id, address.id) });
      expect(res.statusCode, res.body).toBe(204);
    });
    expect(deleted.names).toEqual(['address.deleted']);
    expect(deleted.added[0]!.actor).toEqual({ id: admin.id, firstname: 'Ada', lastname: 'Admin' });

    const text = JSON.stringify(await storedOf(person.id));
    expect(text).not.toMatch(/muster\.test|\+41|Bundesplatz|Thun|Muster AG|Anna/);
  });

  it('records the avatar upload and deletion', async () => {
    const person = await createPerson(t.database.db, { clubId: club.id });
    let avatarId = '';
    const uploaded = await stepOf(person.id, async () => {
      const res = await (
        await as(admin)
      )({
        method: 'POST',
        url: `/api/v1/person/${person.id}/avatar`,
        ...(await multipartBody('Avatar', await makePng(64, 64))),
      });
      expect(res.statusCode, res.body).toBe(201);
      avatarId = res.json().id as string;
    });
    expect(uploaded.names).toEqual(['avatar.updated']);
    expect(actorOf(uploaded.added)).toEqual([admin.id]);
    const removed = await stepOf(person.id, async () => {
      const res = await (await as(person))({ method: 'DELETE', url: `/api/v1/person/${person.id}/avatar` });
      expect(res.statusCode, res.body).toBe(204);
    });
    expect(removed.names).toEqual(['avatar.deleted']);
    expect(actorOf(removed.added)).toEqual([person.id]);
    expect((await storedOf(person.id)).map((e) => e.entityId)).toEqual([avatarId, avatarId]);
  });

  it('records username and password changes, never the name or password', async () => {
    const person = await createPerson(t.database.db, { clubId: club.id });
    const newUsername = `neu-${Date.now()}@example.test`;
    const post = async (caller: CreatedPerson, url: string, payload: object) => {
      const res = await (await as(caller))({ method: 'POST', url: `/api/v1/auth/${url}`, payload });
      expect(res.statusCode, res.body).toBe(204);
    };

    const own = await stepOf(person.id, async () => {
      await post(person, 'change-username', { userId: person.id, username: newUsername });
      person.username = newUsername;
      await post(person, 'change-password', {
        userId: person.id,
        password: 'Eigenes-Passwort-8',
        currentPassword: person.password,
      });
      person.password = 'Eigenes-Passwort-8';
    });
    expect(own.names).toEqual(['account.updated', 'account.updated']);
    expect(actorOf(own.added)).toEqual([person.id]);

    const byAdmin = await stepOf(person.id, async () => {
      await post(admin, 'change-password', { userId: person.id, password: 'Vom-Admin-2026' });
    });
    expect(byAdmin.names).toEqual(['account.updated']);
    expect(actorOf(byAdmin.added)).toEqual([admin.id]);

    // An admin's reset mails a link; the change is hers when she uses it.
    await t.database.db.delete(mailOutbox);
    const viaLink = await stepOf(person.id, async () => {
      await post(admin, 'reset-password', { email: newUsername });
      const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/set-password',
        headers: { 'x-forwarded-for': nextIp() },
        payload: { token, password: 'Per-Link-2026' },
      });
      expect(res.statusCode, res.body).toBe(204);
    });
    expect(viaLink.names).toEqual(['account.updated']);
    expect(actorOf(viaLink.added)).toEqual([person.id]);

    const stored = await storedOf(person.id);
    expect(stored.map((e) => e.details).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { fields: ['password'] },
      { fields: ['password'] },
      { fields: ['password'] },
      { fields: ['username'] },
    ]);
    expect(stored.every((e) => e.entity === 'account' && e.entityId === person.id)).toBe(true);
    const text = JSON.stringify(stored);
    expect(text).not.toMatch(/example\.test|Passwort|Vom-Admin|Per-Link|argon|\$/);
  });
});
