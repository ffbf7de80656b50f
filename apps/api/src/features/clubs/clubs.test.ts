import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { events } from '../../db/schema/events';
import { notificationSubscriptions } from '../../db/schema/notifications';

describe('clubs (spec 01 §7 "Clubs")', () => {
  let t: TestApp;
  let admin: ReturnType<typeof injectAs>;
  let member: ReturnType<typeof injectAs>;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await as(await createPerson(t.database.db, { isAdmin: true }));
    member = await as(await createPerson(t.database.db, { clubId: (await createClub(t.database.db)).id }));
  });
  afterAll(() => t.close());

  it('lists, searches, sorts and pages clubs for signed-in users and anonymous visitors', async () => {
    const tag = randomUUID().slice(0, 8);
    await createClub(t.database.db, { name: `Zug ${tag}`, clubType: 0 });
    await createClub(t.database.db, { name: `Aarau ${tag}`, clubType: 10 });
    await createClub(t.database.db, { name: `Bern 100%_${tag}`, clubType: 0 });

    const all = await member({ url: `/api/v1/club?Name=${tag}` });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((c: { name: string }) => c.name)).toEqual([
      `Aarau ${tag}`,
      `Bern 100%_${tag}`,
      `Zug ${tag}`,
    ]);
    expect(Object.keys(all.json().items[0]).sort()).toEqual(['clubType', 'id', 'name']);

    const byType = await member({ url: `/api/v1/club?Name=${tag}&SortBy=clubType&SortDesc=true&SortBy=name` });
    expect(byType.json().items.map((c: { name: string }) => c.name)).toEqual([
      `Aarau ${tag}`,
      `Bern 100%_${tag}`,
      `Zug ${tag}`,
    ]);
    const page = await member({ url: `/api/v1/club?Name=${tag}&SortBy=name&SortDesc=true&Page=1&PerPage=2` });
    expect(page.json()).toMatchObject({ total: 3, items: [{ name: `Aarau ${tag}` }] });

    // % and _ are literal characters, not wildcards
    expect((await member({ url: `/api/v1/club?Name=${encodeURIComponent('100%_')}${tag}` })).json().total).toBe(1);
    expect((await member({ url: `/api/v1/club?Name=${encodeURIComponent('1%0')}` })).json().total).toBe(0);

    const anonymous = await t.app.inject({ url: `/api/v1/club-public?Name=${tag}&SortBy=name&PerPage=0` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(all.json());
    expect((await t.app.inject({ url: '/api/v1/club' })).statusCode).toBe(401);
  });

  it('refuses bad list parameters with localised messages', async () => {
    const res = await member({ url: '/api/v1/club?SortBy=founded&SortDesc=maybe&PerPage=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'Sortierung ist ungültig.',
        'Sortierrichtung ist kein gültiger boolescher Textwert',
        'Einträge pro Seite ist keine gültige Ganzzahl',
      ]),
    );
  });

  it('answers one club, 404 for an unknown id', async () => {
    const club = await createClub(t.database.db, { name: 'BPW Luzern', clubType: 0 });
    expect((await member({ url: `/api/v1/club/${club.id}` })).json()).toEqual({
      id: club.id,
      name: 'BPW Luzern',
      clubType: 0,
    });
    expect((await member({ url: `/api/v1/club/${randomUUID()}` })).statusCode).toBe(404);
  });

  it('lets admins create and change clubs, and checks name and club type', async () => {
    const created = await admin({ method: 'POST', url: '/api/v1/club', payload: { name: '  BPW Thun ', clubType: 0 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'BPW Thun', clubType: 0 });
    const id = created.json().id;

    const changed = await admin({
      method: 'PUT',
      url: `/api/v1/club/${id}`,
      payload: { name: 'BPW Schweiz', clubType: 10 },
    });
    expect(changed.json()).toEqual({ id, name: 'BPW Schweiz', clubType: 10 });

    const invalid = await admin({ method: 'POST', url: '/api/v1/club', payload: { name: '', clubType: 5 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(['Name darf nicht leer sein.', 'Clubtyp ist ungültig.']);
    const missing = await admin({ method: 'POST', url: '/api/v1/club', payload: { name: 'X' } });
    expect(missing.json().errors).toEqual(['Clubtyp darf nicht leer sein.']);

    const refused = await member({ method: 'PUT', url: `/api/v1/club/${id}`, payload: { name: 'Mine', clubType: 0 } });
    expect(refused.statusCode).toBe(403);
    expect(
      (await admin({ method: 'PUT', url: `/api/v1/club/${randomUUID()}`, payload: { name: 'X', clubType: 0 } }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes a club without relations or events, together with subscriptions to it', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const person = await createPerson(db);
    await db.insert(notificationSubscriptions).values({ personId: person.id, clubId: club.id, notificationType: 2 });
    expect((await member({ method: 'DELETE', url: `/api/v1/club/${club.id}` })).statusCode).toBe(403);
    expect((await admin({ method: 'DELETE', url: `/api/v1/club/${club.id}` })).statusCode).toBe(204);
    expect((await admin({ url: `/api/v1/club/${club.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/v1/club/${club.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete a club that still has relations or events, saying why', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const person = await createPerson(db);
    // An ended relation counts too: it is the club's history.
    await createMembership(db, { personId: person.id, clubId: club.id, from: '2010-01-01', to: '2012-12-31' });
    const res = await admin({ method: 'DELETE', url: `/api/v1/club/${club.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors).toEqual([
      'Der Club kann nicht gelöscht werden: Er hat noch 1 Clubrollen und 0 Anlässe oder Publikationen. Entfernen Sie diese zuerst.',
    ]);

    const withEvent = await createClub(db);
    await db.insert(events).values(eventRow(withEvent.id));
    // in the signed-in person's language
    const englishAdmin = await as(await createPerson(db, { isAdmin: true, languageCode: 'en' }));
    const english = await englishAdmin({ method: 'DELETE', url: `/api/v1/club/${withEvent.id}` });
    expect(english.statusCode).toBe(409);
    expect(english.json().errors[0]).toContain('0 club roles and 1 events');
  });
});

/** The least an event row needs (the events feature owns the real factory). */
function eventRow(clubId: string): typeof events.$inferInsert {
  return {
    title: 'Sommerfest',
    eventFrom: new Date('2030-06-01T16:00:00Z'),
    location: 'Aula',
    street: 'Hauptstrasse 1',
    zip: '3000',
    city: 'Bern',
    teaserText: 'Willkommen',
    responsibleClubId: clubId,
  };
}
