import { EventState, RegistrationAvailability } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createRegistration } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type EventWorld, createEventWorld } from './event-test-support';

/** Spec 02 §7 "GET event/{id}", "GET event-public/{id}" and §3 "Registration status for the current user". */
describe('event detail', () => {
  let t: TestApp;
  let w: EventWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createEventWorld(t);
  });
  afterAll(() => t.close());

  const { Available, Unavailable, Disabled } = RegistrationAvailability;

  it('answers every signed-in user every event, read-only unless she manages it', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Planning });
    const url = `/api/v1/event/${event.id}`;
    const asMember = await w.member({ url });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json()).toMatchObject({ id: event.id, title: event.title, eventState: 10, canManage: false });
    expect((await w.managerB({ url })).json().canManage).toBe(false);
    expect((await w.managerA({ url })).json().canManage).toBe(true);
    expect((await w.admin({ url })).json().canManage).toBe(true);
    expect((await w.anonymous({ url })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown event and 400 for an id that is no UUID', async () => {
    expect((await w.member({ url: '/api/v1/event/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await w.anonymous({ url: '/api/v1/event-public/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    const bad = await w.member({ url: '/api/v1/event/42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['ID ist ungültig.']);
  });

  it('shows a public event to anyone, and nothing in Planning or Archived (404), not even to its managers', async () => {
    for (const state of [EventState.Published, EventState.OpenForRegistration, EventState.Completed]) {
      const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: state });
      const res = await w.anonymous({ url: `/api/v1/event-public/${event.id}` });
      expect(res.statusCode, `state ${state}`).toBe(200);
      expect(res.json()).toMatchObject({ id: event.id, eventState: state, canManage: false });
    }
    for (const state of [EventState.Planning, EventState.Archived]) {
      const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: state });
      expect((await w.anonymous({ url: `/api/v1/event-public/${event.id}` })).statusCode).toBe(404);
      expect((await w.admin({ url: `/api/v1/event-public/${event.id}` })).statusCode).toBe(404);
    }
  });

  it('gives an anonymous visitor the registration status of someone without registrations', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, registrationSlots: 2 });
    await createRegistration(w.db, { eventId: event.id, eventRegistrationState: RegistrationState.Confirmed });
    const res = await w.anonymous({ url: `/api/v1/event-public/${event.id}` });
    expect(res.json()).toMatchObject({
      registrationType: 20,
      availableRegistrationSlots: 1,
      registrationStatus: {
        activeRegistrationIds: [],
        registration: { mode: Available, hint: 'available', until: null },
        unregistration: { mode: Unavailable, hint: 'notRegistered', until: null },
        external: { mode: Unavailable, hint: 'none', until: null },
      },
    });
  });

  it('gives a signed-in member her own registrations and managers canManage on the public page', async () => {
    const registrationTo = '2099-01-01T10:00:00Z';
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, registrationTo: new Date(registrationTo) });
    const own = await createRegistration(w.db, {
      eventId: event.id,
      personId: w.people.member.id,
      eventRegistrationState: RegistrationState.Pending,
    });
    await createRegistration(w.db, { eventId: event.id, eventRegistrationState: RegistrationState.Confirmed });
    const url = `/api/v1/event-public/${event.id}`;

    const asMember = (await w.member({ url })).json();
    expect(asMember.canManage).toBe(false);
    expect(asMember.registrationStatus).toMatchObject({
      activeRegistrationIds: [own.id],
      registration: { mode: Unavailable, hint: 'alreadyRegistered' },
      unregistration: { mode: Available, hint: 'available' },
    });
    const asManager = (await w.managerA({ url })).json();
    expect(asManager.canManage).toBe(true);
    expect(asManager.registrationStatus).toMatchObject({
      activeRegistrationIds: [],
      registration: { mode: Available, hint: 'availableUntil', until: registrationTo },
    });
    // An invalid token on the optional route is refused rather than ignored.
    const badToken = await w.anonymous({ url, headers: { authorization: 'Bearer not-a-token' } });
    expect(badToken.statusCode).toBe(401);
  });

  it('says "too early" while Published and "too late" once Completed', async () => {
    const published = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Published });
    const completed = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Completed });
    const statusOf = async (id: string) =>
      (await w.anonymous({ url: `/api/v1/event-public/${id}` })).json().registrationStatus.registration;
    expect(await statusOf(published.id)).toEqual({ mode: Disabled, hint: 'tooEarly', until: null });
    expect(await statusOf(completed.id)).toEqual({ mode: Disabled, hint: 'tooLate', until: null });
  });
});
