import { EventState, GeocodingStatus } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createRegistration } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventCategoryLinks, events } from '../../db/schema/events';
import { eventRegistrations } from '../../db/schema/registrations';
import { type EventWorld, createCategory, createEventWorld, eventBody } from './event-test-support';

/** Spec 02 §5 "Validation", §6 "Manage events", §7 "POST event, PUT event/{id}, DELETE event/{id}". */
describe('event writes', () => {
  let t: TestApp;
  let w: EventWorld;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createEventWorld(t);
    categoryId = (await createCategory(t)).id;
  });
  afterAll(() => t.close());

  const stored = async (id: string) => (await w.db.select().from(events).where(eq(events.id, id)))[0];

  it('creates an event in Planning and answers it in the read shape (201)', async () => {
    const second = await createCategory(t);
    const body = eventBody(w.clubA.id, [categoryId, second.id, categoryId], {
      registrationSlots: 25,
      county: '',
      description: '  ',
    });
    const res = await w.managerA({ method: 'POST', url: '/api/v1/event', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      title: body.title,
      eventState: EventState.Planning,
      eventFrom: '2030-06-12T16:00:00Z',
      eventTo: '2030-06-12T20:00:00Z',
      registrationSlots: 25,
      registrationType: 20,
      availableRegistrationSlots: 25,
      registrationTo: '2030-06-05T22:00:00Z',
      county: null,
      description: null,
      geoCodingStatus: GeocodingStatus.Unavailable,
      lat: null,
      responsibleClub: { id: w.clubA.id, name: w.clubA.name },
      eventImageId: null,
    });
    expect(event.eventCategories.map((c: { id: string }) => c.id).sort()).toEqual([categoryId, second.id].sort());
    expect((await stored(event.id))!.createdBy).toBe(w.people.managerA.id);
    // The event page reads the same.
    expect((await w.managerA({ url: `/api/v1/event/${event.id}` })).json()).toMatchObject(event);
  });

  it('lets admins create for any club and event managers only for their own (403)', async () => {
    const forB = eventBody(w.clubB.id, [categoryId]);
    expect((await w.admin({ method: 'POST', url: '/api/v1/event', payload: forB })).statusCode).toBe(201);
    expect((await w.managerA({ method: 'POST', url: '/api/v1/event', payload: forB })).statusCode).toBe(403);
    const forA = eventBody(w.clubA.id, [categoryId]);
    expect((await w.member({ method: 'POST', url: '/api/v1/event', payload: forA })).statusCode).toBe(403);
    expect((await w.anonymous({ method: 'POST', url: '/api/v1/event', payload: forA })).statusCode).toBe(401);
  });

  it('refuses missing required fields with the form’s labels (spec 02 §5)', async () => {
    const res = await w.admin({
      method: 'POST',
      url: '/api/v1/event',
      payload: { title: ' ', eventCategoryIds: [], countryCode: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'Titel darf nicht leer sein.',
      'Kategorien darf nicht leer sein.',
      'Beginn darf nicht leer sein.',
      'Veranstaltungsort darf nicht leer sein.',
      'Strasse darf nicht leer sein.',
      'PLZ darf nicht leer sein.',
      'Ort darf nicht leer sein.',
      'Teaser darf nicht leer sein.',
      'Verantwortlicher Club darf nicht leer sein.',
    ]);
    const english = await w.anonymous({
      method: 'POST',
      url: '/api/v1/event',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(401);
  });

  it.each([
    [
      'an external URL that is not http(s)',
      { externalRegistrationUrl: 'ftp://example.ch', registrationSlots: null },
      'Externe Anmelde-URL ist keine gültige URL',
    ],
    [
      'an external URL together with slots',
      { externalRegistrationUrl: 'https://example.ch', registrationSlots: 10 },
      'Anzahl Plätze ist ungültig.',
    ],
    ['deadlines without a registration', { registrationSlots: null }, 'Anmeldeschluss ist ungültig.'],
    ['negative slots', { registrationSlots: -1 }, 'Anzahl Plätze ist ungültig.'],
    ['fractional slots', { registrationSlots: 2.5 }, 'Anzahl Plätze ist keine gültige Ganzzahl'],
    ['an end before the start', { eventTo: '2030-06-12T15:00:00Z' }, 'Ende ist ungültig.'],
    ['a date that is no date-time', { eventFrom: '12.06.2030' }, 'Beginn ist kein gültiges Datum'],
    ['an unknown language', { defaultLanguageCode: 'es' }, 'Sprache ist ungültig.'],
    ['a country that is no ISO code', { countryCode: 'Schweiz' }, 'Land ist ungültig.'],
  ])('refuses %s (400)', async (_name, overrides, message) => {
    const res = await w.admin({
      method: 'POST',
      url: '/api/v1/event',
      payload: eventBody(w.clubA.id, [categoryId], overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([message]);
  });

  it('accepts each registration type: none, unlimited, limited and external', async () => {
    const types = [
      [{ registrationSlots: null, registrationTo: null }, 0],
      [{ registrationSlots: 0 }, 10],
      [{ registrationSlots: 8 }, 20],
      [{ registrationSlots: null, externalRegistrationUrl: 'https://example.ch/anmeldung' }, 30],
    ] as const;
    for (const [overrides, type] of types) {
      const res = await w.admin({
        method: 'POST',
        url: '/api/v1/event',
        payload: eventBody(w.clubA.id, [categoryId], overrides),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().registrationType).toBe(type);
    }
  });

  it('refuses unknown categories and an unknown club (400)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await w.admin({
      method: 'POST',
      url: '/api/v1/event',
      payload: eventBody(unknown, [categoryId, unknown]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'Verantwortlicher Club ist ungültig.',
      'Kategorien: Eine gewählte Kategorie gibt es nicht (mehr). Bitte laden Sie die Seite neu.',
    ]);
  });

  it('changes an event for its managers only, with its state and categories (200)', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Planning });
    const other = await createCategory(t);
    const body = { ...eventBody(w.clubA.id, [other.id], { title: 'Neuer Titel' }), eventState: EventState.Published };
    const url = `/api/v1/event/${event.id}`;
    expect((await w.managerB({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
    expect((await w.member({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
    const res = await w.managerA({ method: 'PUT', url, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Neuer Titel',
      eventState: EventState.Published,
      eventCategories: [other],
    });
    expect((await stored(event.id))!.updatedBy).toBe(w.people.managerA.id);
    const links = await w.db.select().from(eventCategoryLinks).where(eq(eventCategoryLinks.eventId, event.id));
    expect(links.map((l) => l.eventCategoryId)).toEqual([other.id]);
    // The state is required on edit.
    const { eventState: _omitted, ...withoutState } = body;
    const missing = await w.managerA({ method: 'PUT', url, payload: withoutState });
    expect(missing.json().errors).toEqual(['Anlassstatus darf nicht leer sein.']);
    expect(
      (await w.admin({ method: 'PUT', url: '/api/v1/event/00000000-0000-4000-8000-000000000000', payload: body }))
        .statusCode,
    ).toBe(404);
  });

  it('moves an event to another club only for someone who may create events there', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    const toB = { ...eventBody(w.clubB.id, [categoryId]), eventState: EventState.OpenForRegistration };
    const url = `/api/v1/event/${event.id}`;
    expect((await w.managerA({ method: 'PUT', url, payload: toB })).statusCode).toBe(403);
    expect((await w.admin({ method: 'PUT', url, payload: toB })).json().responsibleClub.id).toBe(w.clubB.id);
    // Now club B's: club A's manager has lost it.
    const backToA = { ...toB, responsibleClubId: w.clubA.id };
    expect((await w.managerA({ method: 'PUT', url, payload: backToA })).statusCode).toBe(403);
  });

  it('never sets fewer slots than registrations hold (409)', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, registrationSlots: 5 });
    for (const state of [
      RegistrationState.Pending,
      RegistrationState.Confirmed,
      RegistrationState.Confirmed,
      RegistrationState.Unregistered,
    ]) {
      await createRegistration(w.db, { eventId: event.id, eventRegistrationState: state });
    }
    const put = (registrationSlots: number) =>
      w.managerA({
        method: 'PUT',
        url: `/api/v1/event/${event.id}`,
        payload: { ...eventBody(w.clubA.id, [categoryId], { registrationSlots }), eventState: 20 },
      });
    const refused = await put(2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['Anzahl Plätze kann nicht kleiner sein als die 3 bereits belegten Plätze.']);
    const exact = await put(3);
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ registrationSlots: 3, availableRegistrationSlots: 0 });
    // Unlimited is always fine.
    expect((await put(0)).json().registrationType).toBe(10);
  });

  it('deletes an event with its registrations for its managers (204), then answers 404', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    await createRegistration(w.db, { eventId: event.id });
    const url = `/api/v1/event/${event.id}`;
    expect((await w.managerB({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await w.member({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await w.managerA({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await stored(event.id)).toBeUndefined();
    expect(await w.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))).toEqual([]);
    expect((await w.managerA({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await w.managerA({ url })).statusCode).toBe(404);
  });
});

describe('geocoding status on save', () => {
  let t: TestApp;
  let w: EventWorld;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { GEOCODER_URL: 'http://127.0.0.1:9/geocode' } });
    w = await createEventWorld(t);
    categoryId = (await createCategory(t)).id;
  });
  afterAll(() => t.close());

  it('is Pending for a new address with a geocoder; keeps coordinates only while the address stays', async () => {
    const created = await w.admin({
      method: 'POST',
      url: '/api/v1/event',
      payload: eventBody(w.clubA.id, [categoryId]),
    });
    expect(created.json()).toMatchObject({ geoCodingStatus: GeocodingStatus.Pending, lat: null, long: null });
    const id = created.json().id;
    // The scheduler found the coordinates.
    await w.db
      .update(events)
      .set({ geoCodingStatus: GeocodingStatus.Successful, lat: 47.366, long: 8.536 })
      .where(eq(events.id, id));
    const put = (overrides: Record<string, unknown>) =>
      w.admin({
        method: 'PUT',
        url: `/api/v1/event/${id}`,
        payload: { ...eventBody(w.clubA.id, [categoryId], overrides), eventState: 20 },
      });

    const sameAddress = await put({ title: 'Anderer Titel', location: 'Anderer Saal' });
    expect(sameAddress.json()).toMatchObject({ geoCodingStatus: GeocodingStatus.Successful, lat: 47.366, long: 8.536 });
    const moved = await put({ street: 'Bahnhofstrasse 1' });
    expect(moved.json()).toMatchObject({ geoCodingStatus: GeocodingStatus.Pending, lat: null, long: null });
  });

  it('queues an address that was Unavailable once a geocoder is configured', async () => {
    const event = await createEvent(w.db, {
      responsibleClubId: w.clubA.id,
      geoCodingStatus: GeocodingStatus.Unavailable,
    });
    const res = await w.admin({
      method: 'PUT',
      url: `/api/v1/event/${event.id}`,
      payload: { ...eventBody(w.clubA.id, [categoryId]), eventState: 20 },
    });
    expect(res.json().geoCodingStatus).toBe(GeocodingStatus.Pending);
  });
});
