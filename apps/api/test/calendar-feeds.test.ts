import { EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, createPerson, createRegistration, injectAs, signIn } from './factories';
import { type TestApp, createTestApp } from './test-app';

/** Issue 19: personal and club calendar feeds, read back with a real iCalendar parser. */
describe('calendar feeds', () => {
  let t: TestApp;
  let clubId: string;
  let person: Awaited<ReturnType<typeof createPerson>>;
  let as: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://events.example.ch' } });
    clubId = (await createClub(t.database.db, { name: 'BPW Luzern' })).id;
    person = await createPerson(t.database.db, { clubId });
    as = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const pathOf = (url: string) => new URL(url).pathname;
  const parse = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  it('gives a signed-in person a secret feed of the events she holds a place at', async () => {
    const confirmed = await createEvent(db(), { responsibleClubId: clubId, title: 'Lunch; Networking, Luzern' });
    const pending = await createEvent(db(), { responsibleClubId: clubId, title: 'Workshop' });
    const gone = await createEvent(db(), { responsibleClubId: clubId, title: 'Abgemeldet' });
    const other = await createEvent(db(), { responsibleClubId: clubId, title: 'Nicht angemeldet' });
    const base = { personId: person.id, email: person.username };
    await createRegistration(db(), {
      ...base,
      eventId: confirmed.id,
      eventRegistrationState: RegistrationState.Confirmed,
    });
    await createRegistration(db(), { ...base, eventId: pending.id });
    await createRegistration(db(), {
      ...base,
      eventId: gone.id,
      eventRegistrationState: RegistrationState.Unregistered,
    });
    expect(other.id).toBeTruthy();

    const links = await as({ url: '/api/v1/calendar-feed' });
    expect(links.statusCode).toBe(200);
    const { url, webcalUrl } = links.json();
    expect(url).toMatch(/^https:\/\/events\.example\.ch\/api\/v1\/calendar-feed\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    expect(webcalUrl).toBe(url.replace('https:', 'webcal:'));
    // The same address every time it is asked for.
    expect((await as({ url: '/api/v1/calendar-feed' })).json().url).toBe(url);

    const feed = await t.app.inject({ url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = parse(feed.body);
    expect(events.map((e) => e.summary).sort()).toEqual(['Lunch; Networking, Luzern', 'Workshop']);
    const lunch = events.find((e) => e.summary.startsWith('Lunch'))!;
    expect(lunch.uid).toBe(`${confirmed.id}@events.example.ch`);
    expect(lunch.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(events.find((e) => e.summary === 'Workshop')!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(lunch.location).toContain('Kongresshaus');
  });

  it('answers 304 to a poll with the ETag until something changes', async () => {
    const { url } = (await as({ url: '/api/v1/calendar-feed' })).json();
    const first = await t.app.inject({ url: pathOf(url) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await t.app.inject({ url: pathOf(url), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const event = await createEvent(db(), { responsibleClubId: clubId, title: 'Neu' });
    await createRegistration(db(), {
      personId: person.id,
      email: person.username,
      eventId: event.id,
      eventRegistrationState: RegistrationState.Confirmed,
    });
    const changed = await t.app.inject({ url: pathOf(url), headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(parse(changed.body).map((e) => e.summary)).toContain('Neu');
  });

  it('renews the address: the old one stops at once', async () => {
    const { url: old } = (await as({ url: '/api/v1/calendar-feed' })).json();
    const renewed = await as({ method: 'PUT', url: '/api/v1/calendar-feed/renewal' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().url).not.toBe(old);
    const gone = await t.app.inject({ url: pathOf(old), headers: { 'accept-language': 'en' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toEqual(['This calendar address is not valid (any more).']);
    expect((await t.app.inject({ url: pathOf(renewed.json().url) })).statusCode).toBe(200);
    expect((await as({ url: '/api/v1/calendar-feed' })).json().url).toBe(renewed.json().url);
  });

  it('refuses a made-up key and a visitor who is not signed in', async () => {
    const made = await t.app.inject({ url: `/api/v1/calendar-feed/${'A'.repeat(43)}/calendar.ics` });
    expect(made.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/calendar-feed/short/calendar.ics' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/calendar-feed' })).statusCode).toBe(401);
  });

  it("serves a club's public events as a public feed, with 304 on an unchanged poll", async () => {
    const club = await createClub(db(), { name: 'BPW Lugano' });
    await createEvent(db(), { responsibleClubId: club.id, title: 'Aperitivo' });
    await createEvent(db(), { responsibleClubId: club.id, title: 'In Planung', eventState: EventState.Planning });
    const links = await t.app.inject({ url: `/api/v1/club-public/${club.id}/calendar-feed` });
    expect(links.json().webcalUrl).toBe(`webcal://events.example.ch/api/v1/club-public/${club.id}/calendar.ics`);
    const feed = await t.app.inject({
      url: `/api/v1/club-public/${club.id}/calendar.ics`,
      headers: { 'accept-language': 'it' },
    });
    expect(feed.statusCode).toBe(200);
    expect(parse(feed.body).map((e) => e.summary)).toEqual(['Aperitivo']);
    expect(new ICAL.Component(ICAL.parse(feed.body)).getFirstPropertyValue('x-wr-calname')).toBe(
      'Eventi di BPW Lugano',
    );
    const etag = feed.headers.etag as string;
    const again = await t.app.inject({
      url: `/api/v1/club-public/${club.id}/calendar.ics`,
      headers: { 'accept-language': 'it', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const unknown = await t.app.inject({ url: `/api/v1/club-public/${crypto.randomUUID()}/calendar.ics` });
    expect(unknown.statusCode).toBe(404);
  });
});
