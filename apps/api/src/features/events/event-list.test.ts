import { EventRegistrationType, EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { Event } from '@bpw/domain/schemas/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, createRegistration, uniqueSuffix } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventCategoryLinks } from '../../db/schema/events';
import { type EventWorld, createCategory, createEventWorld } from './event-test-support';

/** Spec 02 §7 "GET event, event-public, club/{clubId}/event" with §9's sort and paging. */
describe('event lists', () => {
  let t: TestApp;
  let w: EventWorld;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => statements.push(query) });
    w = await createEventWorld(t);
  });
  afterAll(() => t.close());

  const titles = (body: { items: Event[] }) => body.items.map((e) => e.title);
  const day = (iso: string) => new Date(iso);

  /** One event in each state, of a fresh club; answers the club and titles by state. */
  async function clubWithEveryState() {
    const club = await createClub(w.db);
    const titleOf = (state: number) => `S${state} ${club.name}`;
    for (const [i, state] of Object.values(EventState).entries()) {
      await createEvent(w.db, {
        responsibleClubId: club.id,
        eventState: state,
        title: titleOf(state),
        eventFrom: day(`2031-01-0${i + 1}T10:00:00Z`),
        eventTo: null,
      });
    }
    return { club, titleOf };
  }

  it('shows anonymous visitors and members only Published, OpenForRegistration and Completed events', async () => {
    const { club, titleOf } = await clubWithEveryState();
    const S = EventState;
    const publicTitles = [titleOf(S.Published), titleOf(S.OpenForRegistration), titleOf(S.Completed)];
    const anonymous = await w.anonymous({ url: `/api/v1/event-public?Clubs=${club.id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(titles(anonymous.json())).toEqual(publicTitles);
    expect(anonymous.json().total).toBe(3);
    expect(titles((await w.member({ url: `/api/v1/event?Clubs=${club.id}` })).json())).toEqual(publicTitles);
    // Asking for Planning does not reveal it.
    const planning = await w.anonymous({ url: `/api/v1/event-public?Clubs=${club.id}&EventStates=10` });
    expect(planning.json()).toEqual({ items: [], total: 0 });
    // The public list ignores a token: the same answer for an admin.
    const asAdmin = await w.admin({ url: `/api/v1/event-public?Clubs=${club.id}` });
    expect(titles(asAdmin.json())).toEqual(publicTitles);
  });

  it('shows admins every state and event managers every state of their own clubs only', async () => {
    const { club, titleOf } = await clubWithEveryState();
    const all = Object.values(EventState).map(titleOf);
    expect(titles((await w.admin({ url: `/api/v1/event?Clubs=${club.id}` })).json())).toEqual(all);

    const ownPlanning = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Planning });
    const otherPlanning = await createEvent(w.db, { responsibleClubId: w.clubB.id, eventState: EventState.Planning });
    const seenByA = titles((await w.managerA({ url: '/api/v1/event?EventStates=10' })).json());
    expect(seenByA).toContain(ownPlanning.title);
    expect(seenByA).not.toContain(otherPlanning.title);
    // The staff filter of spec 02 §2 (all but Archived).
    const staff = await w.admin({
      url: `/api/v1/event?Clubs=${club.id}&EventStates=10&EventStates=15&EventStates=20&EventStates=30`,
    });
    expect(titles(staff.json())).toEqual(all.slice(0, 4));
  });

  it('answers a club’s events on club/{id}/event, 404 for an unknown club', async () => {
    const { club, titleOf } = await clubWithEveryState();
    const res = await w.admin({ url: `/api/v1/club/${club.id}/event?EventStates=20` });
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual([titleOf(EventState.OpenForRegistration)]);
    expect((await w.member({ url: `/api/v1/club/${club.id}/event` })).json().total).toBe(3);
    const unknown = await w.member({ url: '/api/v1/club/00000000-0000-4000-8000-000000000000/event' });
    expect(unknown.statusCode).toBe(404);
  });

  it('carries categories, the registration type and the slots left (Pending and Confirmed hold one)', async () => {
    const club = await createClub(w.db);
    const [music, art] = [
      await createCategory(t, `Musik ${uniqueSuffix()}`),
      await createCategory(t, `Art ${uniqueSuffix()}`),
    ];
    const base = { responsibleClubId: club.id, eventFrom: day('2031-02-01T10:00:00Z'), eventTo: null };
    const limited = await createEvent(w.db, { ...base, title: 'A limited', registrationSlots: 5 });
    await w.db.insert(eventCategoryLinks).values([
      { eventId: limited.id, eventCategoryId: music.id },
      { eventId: limited.id, eventCategoryId: art.id },
    ]);
    for (const state of [RegistrationState.Pending, RegistrationState.Confirmed, RegistrationState.Unregistered]) {
      await createRegistration(w.db, { eventId: limited.id, eventRegistrationState: state });
    }
    await createEvent(w.db, { ...base, title: 'B unlimited', registrationSlots: 0 });
    await createEvent(w.db, { ...base, title: 'C none', registrationSlots: null });
    await createEvent(w.db, {
      ...base,
      title: 'D external',
      registrationSlots: null,
      externalRegistrationUrl: 'https://x.ch',
    });

    const res = await w.anonymous({ url: `/api/v1/event-public?Clubs=${club.id}&SortBy=title` });
    const items: Event[] = res.json().items;
    expect(items.map((e) => [e.registrationType, e.availableRegistrationSlots])).toEqual([
      [EventRegistrationType.LimitedSlots, 3],
      [EventRegistrationType.UnlimitedSlots, null],
      [EventRegistrationType.NoRegistration, null],
      [EventRegistrationType.ExternalRegistration, null],
    ]);
    expect(items[0]!.eventCategories).toEqual([art, music]);
    expect(items[1]!.eventCategories).toEqual([]);
    expect(items[0]).toMatchObject({
      responsibleClub: { id: club.id, name: club.name },
      eventFrom: '2031-02-01T10:00:00Z',
      geoCodingStatus: 0,
      countryCode: 'CH',
    });
  });

  it('reads a whole page in a fixed number of statements (no N+1)', async () => {
    const club = await createClub(w.db);
    const category = await createCategory(t);
    for (let i = 0; i < 12; i++) {
      const event = await createEvent(w.db, { responsibleClubId: club.id, registrationSlots: 3 });
      await w.db.insert(eventCategoryLinks).values({ eventId: event.id, eventCategoryId: category.id });
      await createRegistration(w.db, { eventId: event.id });
    }
    statements.length = 0;
    const res = await w.anonymous({ url: `/api/v1/event-public?Clubs=${club.id}&PerPage=0` });
    expect(res.json().total).toBe(12);
    expect(res.json().items.every((e: Event) => e.availableRegistrationSlots === 2)).toBe(true);
    // The version of the public pages (issue 24: prepared once per change), the page and the total.
    expect(statements.length).toBe(3);
    statements.length = 0;
    await w.anonymous({ url: `/api/v1/event-public?Clubs=${club.id}&PerPage=0` });
    expect(statements).toHaveLength(1);
  });

  it('filters by title or club name, clubs, categories and states', async () => {
    const tag = uniqueSuffix();
    const club = await createClub(w.db, { name: `Seeclub ${tag}` });
    const other = await createClub(w.db);
    const category = await createCategory(t);
    const talk = await createEvent(w.db, { responsibleClubId: club.id, title: `Vortrag 100%_${tag}` });
    const dinner = await createEvent(w.db, {
      responsibleClubId: other.id,
      title: `Dinner ${tag}`,
      eventState: EventState.Completed,
    });
    await w.db.insert(eventCategoryLinks).values({ eventId: dinner.id, eventCategoryId: category.id });

    const search = async (query: string) => {
      const res = await w.member({ url: `/api/v1/event?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return titles(res.json()).sort();
    };
    expect(await search(`Title=${tag}`)).toEqual([dinner.title, talk.title]);
    expect(await search(`Title=${encodeURIComponent('VORTRAG 100%_')}`)).toEqual([talk.title]);
    expect(await search(`Title=${encodeURIComponent('1%0')}${tag}`)).toEqual([]);
    // The responsible club's name matches too (the copy-custom-fields picker).
    expect(await search(`Title=${encodeURIComponent(`seeclub ${tag}`)}`)).toEqual([talk.title]);
    expect(await search(`Title=${tag}&Clubs=${other.id}&Clubs=${club.id}`)).toEqual([dinner.title, talk.title]);
    expect(await search(`Title=${tag}&Clubs=${other.id}`)).toEqual([dinner.title]);
    expect(await search(`Title=${tag}&EventCategories=${category.id}`)).toEqual([dinner.title]);
    expect(await search(`Title=${tag}&EventStates=30`)).toEqual([dinner.title]);
    expect(await search(`Title=${tag}&EventStates=20&EventStates=30`)).toEqual([dinner.title, talk.title]);
  });

  it('filters by Swiss calendar days: events that end on or after DateFrom and start on or before DateTo', async () => {
    const club = await createClub(w.db);
    const at = (title: string, from: string, to: string | null) =>
      createEvent(w.db, { responsibleClubId: club.id, title, eventFrom: day(from), eventTo: to ? day(to) : null });
    // 1 March 2031 00:30 in Zurich is 28 February 23:30 UTC.
    await at('early March', '2031-02-28T23:30:00Z', null);
    await at('late February', '2031-02-28T22:30:00Z', null);
    await at('spans into March', '2031-02-27T10:00:00Z', '2031-03-01T08:00:00Z');
    await at('last of March', '2031-03-31T21:30:00Z', null);
    await at('April', '2031-03-31T22:30:00Z', null);

    const search = async (query: string) =>
      titles((await w.member({ url: `/api/v1/event?Clubs=${club.id}&${query}` })).json());
    expect(await search('DateFrom=2031-03-01&DateTo=2031-03-31')).toEqual([
      'spans into March',
      'early March',
      'last of March',
    ]);
    expect(await search('DateFrom=2031-04-01')).toEqual(['April']);
    expect(await search('DateTo=2031-02-28')).toEqual(['spans into March', 'late February']);
  });

  it('sorts by eventFrom then eventTo by default, by other keys on request, and pages (PerPage 0 = all)', async () => {
    const club = await createClub(w.db);
    const at = (title: string, from: string, to: string | null) =>
      createEvent(w.db, { responsibleClubId: club.id, title, eventFrom: day(from), eventTo: to ? day(to) : null });
    await at('b', '2031-05-02T10:00:00Z', '2031-05-02T14:00:00Z');
    await at('c', '2031-05-01T10:00:00Z', null);
    await at('a', '2031-05-02T10:00:00Z', '2031-05-02T12:00:00Z');
    await at('d', '2031-05-01T10:00:00Z', '2031-05-01T11:00:00Z');

    const list = async (query: string) => (await w.member({ url: `/api/v1/event?Clubs=${club.id}&${query}` })).json();
    expect(titles(await list(''))).toEqual(['d', 'c', 'a', 'b']);
    expect(titles(await list('SortBy=title&SortDesc=true'))).toEqual(['d', 'c', 'b', 'a']);
    expect(titles(await list('SortBy=eventFrom&SortDesc=true'))).toEqual(['a', 'b', 'd', 'c']);
    expect(await list('PerPage=3&Page=1')).toMatchObject({ total: 4, items: [{ title: 'b' }] });
    expect(titles(await list('PerPage=0&Page=3'))).toEqual(['d', 'c', 'a', 'b']);
    expect((await list('PerPage=2&Page=5')).items).toEqual([]);
  });

  it('answers "all" (PerPage 0) up to LIST_ALL_LIMIT events and asks to narrow a larger selection', async () => {
    const club = await createClub(w.db);
    for (const title of ['a', 'b', 'c']) {
      await createEvent(w.db, {
        responsibleClubId: club.id,
        title,
        eventFrom: day('2032-03-01T10:00:00Z'),
        eventTo: null,
      });
    }
    const limit = t.config.listAllLimit;
    try {
      t.config.listAllLimit = 3;
      const all = await w.anonymous({ url: `/api/v1/event-public?Clubs=${club.id}&PerPage=0&SortBy=title` });
      expect(titles(all.json())).toEqual(['a', 'b', 'c']);
      t.config.listAllLimit = 2;
      const tooMany = await w.member({
        url: `/api/v1/event?Clubs=${club.id}&PerPage=0`,
        headers: { 'accept-language': 'en' },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.headers['content-type']).toContain('application/problem+json');
      expect(tooMany.json().errors).toEqual([
        'Die Auswahl umfasst mehr als 2 Einträge und kann nicht auf einmal angezeigt werden. Bitte grenzen Sie sie ein oder blättern Sie seitenweise.',
      ]);
      // A page of the same selection is answered.
      const page = await w.member({ url: `/api/v1/event?Clubs=${club.id}&PerPage=2&SortBy=title` });
      expect(page.json()).toMatchObject({ total: 3, items: [{ title: 'a' }, { title: 'b' }] });
    } finally {
      t.config.listAllLimit = limit;
    }
  });

  it('refuses invalid filters with localised messages', async () => {
    const bad = async (query: string) => {
      // The signed-in member's language (de) decides.
      const res = await w.member({ url: `/api/v1/event?${query}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      return res.json().errors;
    };
    expect(await bad('EventStates=99')).toEqual(['Anlassstatus ist ungültig.']);
    expect(await bad('EventStates=open')).toEqual(['Anlassstatus ist ungültig.']);
    expect(await bad('DateFrom=2031-02-30')).toEqual(['Datum von ist kein gültiges Datum']);
    expect(await bad('Clubs=not-a-uuid')).toEqual(['Clubs ist ungültig.']);
    expect(await bad('SortBy=location')).toEqual(['Sortierung ist ungültig.']);
    expect(await bad('PerPage=-1')).toEqual(['Einträge pro Seite ist keine gültige Ganzzahl']);
    const anonymous = await w.anonymous({
      url: '/api/v1/event-public?DateTo=31.12.2031',
      headers: { 'accept-language': 'en' },
    });
    expect(anonymous.json().errors).toEqual(['Date to is no valid date']);
  });
});
