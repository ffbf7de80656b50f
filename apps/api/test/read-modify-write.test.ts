import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, createPerson, injectAs, nextIp, signIn, uniqueSuffix } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** Server-kept times and computed fields change with a save without the client changing them. */
const ignored = /(At|^updated|^created|^modified)$/;
function withoutTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimestamps);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ignored.test(key))
      .map(([key, v]) => [key, withoutTimestamps(v)]),
  );
}

type Item = Record<string, unknown> & { id: string };

/**
 * Issue 15: a client that reads a resource and sends back what it read is understood. For every
 * resource with a GET and an update, as a caller who may change it: GET, PUT the body back
 * unchanged, expect success, GET again and find it equal (timestamps aside).
 */
describe('read-modify-write: every update accepts what its GET answers', () => {
  let t: TestApp;
  let admin: ReturnType<typeof injectAs>;
  const resources: { name: string; read: () => Promise<Item>; writeUrl: (item: Item) => string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const clubA = (await createClub(db)).id;
    const clubB = (await createClub(db)).id;
    const person = await createPerson(db, { clubId: clubA });
    const coach = await createPerson(db, { clubId: clubA });
    const adminPerson = await createPerson(db, { isAdmin: true });
    admin = injectAs(t.app, (await signIn(t.app, adminPerson.username, adminPerson.password)).token);
    const created = async (url: string, payload: object) => {
      const res = await admin({ method: url.includes('/state') ? 'PUT' : 'POST', url, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res.json() as Item;
    };
    const get = async (url: string) => {
      const res = await admin({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as unknown;
    };
    const inList = (list: unknown, id: string) => {
      const items = (Array.isArray(list) ? list : (list as { items: Item[] }).items) as Item[];
      return items.find((item) => item.id === id)!;
    };

    // A person with every list and reference filled.
    const filled = await admin({
      method: 'PUT',
      url: `/api/v1/person/${person.id}`,
      payload: {
        lastname: 'Lesen',
        firstname: 'Schreiben',
        birthday: '1980-05-17',
        languageCode: 'fr',
        countryCode: 'CH',
        spokenLanguages: ['de', 'it'],
        mentoringTypes: [10, 70],
        coach1: coach.id,
        isCoach: true,
        isPresentationDone: true,
      },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    resources.push({
      name: 'person',
      read: async () => (await get(`/api/v1/person/${person.id}`)) as Item,
      writeUrl: (item) => `/api/v1/person/${item.id}`,
    });

    const address = await created(`/api/v1/person/${person.id}/address`, {
      label: 'Büro',
      company: 'Muster AG',
      street: 'Bahnhofstrasse 1',
      zip: '3000',
      city: 'Bern',
      emails: [{ value: 'lesen@example.test' }],
      phones: [{ value: '+41 31 000 00 00' }],
    });
    resources.push({
      name: 'address',
      read: async () => inList(await get(`/api/v1/person/${person.id}/address`), address.id),
      writeUrl: (item) => `/api/v1/person/${person.id}/address/${item.id}`,
    });

    const club = await created('/api/v1/club', { name: `Club ${uniqueSuffix()}`, clubType: 0 });
    resources.push({
      name: 'club',
      read: async () => (await get(`/api/v1/club/${club.id}`)) as Item,
      writeUrl: (item) => `/api/v1/club/${item.id}`,
    });

    const category = await created('/api/v1/event-category', { title: `Kategorie ${uniqueSuffix()}` });
    resources.push({
      name: 'event category',
      read: async () => (await get(`/api/v1/event-category/${category.id}`)) as Item,
      writeUrl: (item) => `/api/v1/event-category/${item.id}`,
    });

    const event = await created('/api/v1/event', {
      title: `Anlass ${uniqueSuffix()}`,
      eventCategoryIds: [category.id],
      eventFrom: '2030-05-04T16:00:00Z',
      eventTo: '2030-05-04T18:00:00Z',
      registrationSlots: 20,
      location: 'Kongresshaus',
      street: 'Claridenstrasse 5',
      zip: '8002',
      city: 'Zürich',
      teaserText: 'Lesen und schreiben',
      responsibleClubId: clubA,
    });
    resources.push({
      name: 'event',
      read: async () => (await get(`/api/v1/event/${event.id}`)) as Item,
      writeUrl: (item) => `/api/v1/event/${item.id}`,
    });

    const field = await created('/api/v1/event-custom-field', {
      eventId: event.id,
      type: 1,
      title: 'Menu',
      eventCustomFieldModeMember: 2,
      eventCustomFieldModeGuest: 2,
      showInList: true,
      sortOrder: 1,
    });
    resources.push({
      name: 'event custom field',
      read: async () => inList(await get(`/api/v1/event/${event.id}/custom-field`), field.id),
      writeUrl: (item) => `/api/v1/event-custom-field/${item.id}`,
    });

    const relation = ((await get(`/api/v1/person/${person.id}/club`)) as Item[])[0]!;
    resources.push({
      name: 'club relation',
      read: async () => inList(await get(`/api/v1/person/${person.id}/club`), relation.id),
      writeUrl: (item) => `/api/v1/person/${person.id}/club/${item.id}`,
    });

    const subscription = await created(`/api/v1/person/${person.id}/notification-subscription`, {
      clubId: clubA,
      notificationType: 2,
    });
    resources.push({
      name: 'notification subscription',
      read: async () => inList(await get(`/api/v1/person/${person.id}/notification-subscription`), subscription.id),
      writeUrl: (item) => `/api/v1/person/${person.id}/notification-subscription/${item.id}`,
    });

    const registrationEvent = await createEvent(db, { responsibleClubId: clubA });
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/v1/event-public/${registrationEvent.id}/event-registration`,
      headers: { 'x-forwarded-for': nextIp() },
      payload: {
        firstname: 'Gast',
        lastname: 'Lesend',
        email: `gast-${uniqueSuffix()}@example.test`,
        street: 'Bundesgasse 3',
        zip: '3011',
        city: 'Bern',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const registration = registered.json() as Item;
    resources.push({
      name: 'event registration',
      read: async () => inList(await get(`/api/v1/event/${registrationEvent.id}/event-registration`), registration.id),
      writeUrl: (item) => `/api/v1/event-registration/${item.id}`,
    });

    const publications = await created('/api/v1/event-publication', { eventId: event.id, clubIds: [clubB] });
    const publication = (publications as unknown as { items: Item[] }).items[0]!;
    // An offer (Invited) has no answer to send back; once answered, the answer is the resource.
    await created(`/api/v1/event-publication/${publication.id}/state`, { eventPublicationState: 20 });
    resources.push({
      name: 'event publication (state)',
      read: async () => inList(await get(`/api/v1/event/${event.id}/event-publication`), publication.id),
      writeUrl: (item) => `/api/v1/event-publication/${item.id}/state`,
    });
  });
  afterAll(() => t.close());

  it('takes every resource back as it was read, and keeps it as it was', async () => {
    const failures: string[] = [];
    for (const resource of resources) {
      const before = await resource.read();
      const res = await admin({ method: 'PUT', url: resource.writeUrl(before), payload: before });
      if (res.statusCode >= 300) {
        failures.push(`${resource.name}: PUT of its GET answered ${res.statusCode} ${res.body}`);
        continue;
      }
      const after = await resource.read();
      try {
        expect(withoutTimestamps(after)).toEqual(withoutTimestamps(before));
      } catch {
        failures.push(
          `${resource.name}: changed by PUT of its GET: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
        );
      }
    }
    expect(resources.length).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
  });
});
