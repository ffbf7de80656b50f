import { EventState } from '@bpw/domain/enums/event';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createEvent, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventPublications } from '../../db/schema/publications';

describe('event publications (spec 02 §4, §6, §7)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);

  // Club A organises; clubs B and C are offered its events.
  let clubA: { id: string; name: string };
  let clubB: { id: string; name: string };
  let clubC: { id: string; name: string };
  let eventManagerA: Awaited<ReturnType<typeof as>>;
  let clubManagerB: Awaited<ReturnType<typeof as>>;
  let eventManagerB: Awaited<ReturnType<typeof as>>;
  let memberA: Awaited<ReturnType<typeof as>>;
  let admin: Awaited<ReturnType<typeof as>>;

  beforeAll(async () => {
    t = await createTestApp();
    clubA = await createClub(db(), { name: 'BPW Aarau' });
    clubB = await createClub(db(), { name: 'BPW Bern' });
    clubC = await createClub(db(), { name: 'BPW Chur' });
    eventManagerA = await as(await createPerson(db(), { clubId: clubA.id, type: 'responsibleEvents' }));
    clubManagerB = await as(await createPerson(db(), { clubId: clubB.id, type: 'database' }));
    eventManagerB = await as(await createPerson(db(), { clubId: clubB.id, type: 'responsibleEvents' }));
    memberA = await as(await createPerson(db(), { clubId: clubA.id }));
    admin = await as(await createPerson(db(), { isAdmin: true }));
  });
  afterAll(() => t.close());

  const publish = (call: typeof admin, payload: object) =>
    call({ method: 'POST', url: '/api/v1/event-publication', payload });
  const setState = (call: typeof admin, id: string, payload: object) =>
    call({ method: 'PUT', url: `/api/v1/event-publication/${id}/state`, payload });

  it('lets the event’s manager offer it to other clubs, which then see it as invited', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id, title: 'Frühlingsapéro' });
    const created = await publish(eventManagerA, { eventId: event.id, clubIds: [clubC.id, clubB.id, clubB.id] });
    expect(created.statusCode).toBe(201);
    expect(created.json().total).toBe(2);
    expect(created.json().items[0]).toEqual({
      id: expect.any(String),
      eventId: event.id,
      clubId: clubB.id,
      club: { id: clubB.id, name: 'BPW Bern' },
      event: {
        id: event.id,
        title: 'Frühlingsapéro',
        eventState: EventState.OpenForRegistration,
        responsibleClub: { id: clubA.id, name: 'BPW Aarau' },
        eventFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        eventTo: expect.stringMatching(/Z$/),
      },
      eventPublicationState: PublicationState.Invited,
      isLocked: false,
      canChangeState: false,
      canDelete: true,
    });

    const ofEvent = await eventManagerA({ url: `/api/v1/event/${event.id}/event-publication` });
    expect(ofEvent.json().items.map((p: { club: { name: string } }) => p.club.name)).toEqual(['BPW Bern', 'BPW Chur']);

    // Club B's managers see the offer to B, not the one to C; they may answer it, not delete it.
    const toB = await clubManagerB({ url: `/api/v1/club/${clubB.id}/event-publication` });
    expect(toB.json().items).toEqual([
      expect.objectContaining({ eventId: event.id, canChangeState: true, canDelete: false }),
    ]);
    const ofEventForB = await eventManagerB({ url: `/api/v1/event/${event.id}/event-publication` });
    expect(ofEventForB.json().items.map((p: { clubId: string }) => p.clubId)).toEqual([clubB.id]);

    // A member manages nothing: her list is empty.
    expect((await memberA({ url: `/api/v1/event/${event.id}/event-publication` })).json()).toEqual({
      items: [],
      total: 0,
    });
  });

  it('refuses offers the rules forbid, with messages', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id });
    const otherEvent = await createEvent(db(), { responsibleClubId: clubB.id });

    const empty = await publish(eventManagerA, { eventId: event.id, clubIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['Clubs darf nicht leer sein.']);
    const own = await publish(eventManagerA, { eventId: event.id, clubIds: [clubA.id] });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual(['Ein Anlass kann nicht im eigenen Club publiziert werden.']);
    const unknown = await publish(eventManagerA, { eventId: event.id, clubIds: [crypto.randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['Clubs ist ungültig.']);
    const noEvent = await publish(eventManagerA, { eventId: crypto.randomUUID(), clubIds: [clubB.id] });
    expect(noEvent.statusCode).toBe(400);

    expect((await publish(eventManagerA, { eventId: otherEvent.id, clubIds: [clubC.id] })).statusCode).toBe(403);
    expect((await publish(memberA, { eventId: event.id, clubIds: [clubC.id] })).statusCode).toBe(403);
    const locked = await publish(eventManagerA, { eventId: event.id, clubIds: [clubC.id], isLocked: true });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errors).toEqual(['Nur Administratorinnen können Publikationen sperren oder entsperren.']);

    expect((await publish(eventManagerA, { eventId: event.id, clubIds: [clubB.id] })).statusCode).toBe(201);
    const again = await publish(eventManagerA, { eventId: event.id, clubIds: [clubC.id, clubB.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Der Anlass ist bereits publiziert für: BPW Bern.']);
    // Nothing of the refused call was written.
    const rows = await db().select().from(eventPublications).where(eq(eventPublications.eventId, event.id));
    expect(rows.map((r) => r.clubId)).toEqual([clubB.id]);
  });

  it('lets the offered club’s managers confirm or reject, and a locked publication only admins', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id });
    const [publication] = (await publish(eventManagerA, { eventId: event.id, clubIds: [clubB.id] })).json().items;
    const id = publication.id as string;

    expect((await setState(eventManagerA, id, { eventPublicationState: 20 })).statusCode).toBe(403);
    expect((await setState(clubManagerB, id, { eventPublicationState: 10 })).statusCode).toBe(400);
    const confirmed = await setState(clubManagerB, id, { eventPublicationState: 20 });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id, eventPublicationState: 20, isLocked: false });
    const rejected = await setState(eventManagerB, id, { eventPublicationState: 30 });
    expect(rejected.json()).toMatchObject({ eventPublicationState: 30 });
    // Locking is for admins, also for the club's managers.
    const lockByManager = await setState(clubManagerB, id, { eventPublicationState: 20, isLocked: true });
    expect(lockByManager.statusCode).toBe(403);

    // Admin: accept and lock.
    const acceptAndLock = await setState(admin, id, { eventPublicationState: 20, isLocked: true });
    expect(acceptAndLock.json()).toMatchObject({ eventPublicationState: 20, isLocked: true, canChangeState: true });
    const lockedAnswer = await setState(clubManagerB, id, { eventPublicationState: 30 });
    expect(lockedAnswer.statusCode).toBe(403);
    expect(lockedAnswer.json().errors).toEqual([
      'Diese Publikation ist gesperrt. Nur Administratorinnen können sie ändern oder löschen.',
    ]);
    const listed = await clubManagerB({ url: `/api/v1/club/${clubB.id}/event-publication` });
    expect(listed.json().items.find((p: { id: string }) => p.id === id)).toMatchObject({ canChangeState: false });
    const unlocked = await setState(admin, id, { eventPublicationState: 20, isLocked: false });
    expect(unlocked.json()).toMatchObject({ isLocked: false });
    expect((await setState(clubManagerB, id, { eventPublicationState: 30 })).statusCode).toBe(200);

    expect((await setState(admin, crypto.randomUUID(), { eventPublicationState: 20 })).statusCode).toBe(404);
  });

  it('lets the event’s managers withdraw an offer, a locked one only admins', async () => {
    const event = await createEvent(db(), { responsibleClubId: clubA.id });
    const open = (await publish(eventManagerA, { eventId: event.id, clubIds: [clubB.id] })).json().items[0];
    const locked = (await publish(admin, { eventId: event.id, clubIds: [clubC.id], isLocked: true })).json().items[0];
    expect(locked).toMatchObject({ isLocked: true });
    const remove = (call: typeof admin, id: string) =>
      call({ method: 'DELETE', url: `/api/v1/event-publication/${id}` });

    expect((await remove(clubManagerB, open.id)).statusCode).toBe(403);
    expect((await remove(eventManagerA, open.id)).statusCode).toBe(204);
    expect((await remove(eventManagerA, open.id)).statusCode).toBe(404);
    const refused = await remove(eventManagerA, locked.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toHaveLength(1);
    expect((await remove(admin, locked.id)).statusCode).toBe(204);
    expect((await admin({ url: `/api/v1/event/${event.id}/event-publication` })).json().total).toBe(0);
  });

  it('filters, sorts and pages the list in the database', async () => {
    const clubX = await createClub(db(), { name: 'BPW Xanten Filter' });
    const clubY = await createClub(db(), { name: 'BPW Yverdon Filter' });
    const events = [
      await createEvent(db(), { responsibleClubId: clubA.id, title: 'Filter Lunch', eventState: EventState.Published }),
      await createEvent(db(), { responsibleClubId: clubA.id, title: 'Filter Dinner', eventState: EventState.Planning }),
    ];
    for (const event of events) await publish(admin, { eventId: event.id, clubIds: [clubX.id, clubY.id] });
    const [first] = (await admin({ url: `/api/v1/club/${clubY.id}/event-publication` })).json().items;
    await setState(admin, first.id, { eventPublicationState: 30 });

    const list = async (query: string) =>
      (await admin({ url: `/api/v1/event-publication?ClubName=filter&${query}` })).json();
    expect((await list('PerPage=0')).total).toBe(4);
    expect((await list('EventTitle=LUNCH')).items.map((p: { club: { name: string } }) => p.club.name)).toEqual([
      'BPW Xanten Filter',
      'BPW Yverdon Filter',
    ]);
    expect((await list(`EventStates=${EventState.Planning}`)).total).toBe(2);
    expect((await list('EventPublicationStates=30')).items.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect((await list('EventPublicationStates=10&EventPublicationStates=30')).total).toBe(4);
    const sorted = await list('SortBy=clubName&SortDesc=true&SortBy=eventTitle&PerPage=3&Page=0');
    expect(sorted.total).toBe(4);
    expect(sorted.items.map((p: { club: { name: string }; event: { title: string } }) => p.event.title)).toEqual([
      'Filter Dinner',
      'Filter Lunch',
      'Filter Dinner',
    ]);
    const second = await list('SortBy=clubName&SortDesc=true&SortBy=eventTitle&PerPage=3&Page=1');
    expect(second.items).toHaveLength(1);
    expect(second.items[0].club.name).toBe('BPW Xanten Filter');

    const bad = await admin({ url: '/api/v1/event-publication?EventPublicationStates=99&SortBy=nope' });
    expect(bad.statusCode).toBe(400);
    expect((await admin({ url: `/api/v1/club/${crypto.randomUUID()}/event-publication` })).statusCode).toBe(404);
    expect((await admin({ url: `/api/v1/event/${crypto.randomUUID()}/event-publication` })).statusCode).toBe(404);
  });
});
