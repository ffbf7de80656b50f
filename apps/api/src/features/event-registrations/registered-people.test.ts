import { EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createRegistration } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { registrationWorld } from './registration-test-support';

const { Confirmed } = RegistrationState;

describe('the registered people of an event (GET event-public/{id}/registered-people)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('shows signed-in users the Confirmed registrations of a public list, names only', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id, isRegistrationListPublic: true });
    await createRegistration(db(), {
      eventId: event.id,
      firstname: 'Vera',
      lastname: 'Bestätigt',
      eventRegistrationState: Confirmed,
    });
    await createRegistration(db(), { eventId: event.id, firstname: 'Paula', lastname: 'Offen' });
    const url = `/api/v1/event-public/${event.id}/registered-people`;
    const res = await w.as('member')({ url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [{ firstname: 'Vera', lastname: 'Bestätigt' }], total: 1 });
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('refuses a list that is not public or an external registration; 404 without a public page', async () => {
    const closed = await createEvent(db(), { responsibleClubId: w.club.id });
    const external = await createEvent(db(), {
      responsibleClubId: w.club.id,
      isRegistrationListPublic: true,
      externalRegistrationUrl: 'https://example.ch/anmelden',
    });
    const planning = await createEvent(db(), {
      responsibleClubId: w.club.id,
      isRegistrationListPublic: true,
      eventState: EventState.Planning,
    });
    const get = (id: string) => w.as('manager')({ url: `/api/v1/event-public/${id}/registered-people` });
    expect((await get(closed.id)).statusCode).toBe(403);
    expect((await get(closed.id)).json().errors).toEqual([
      'The list of people registered for this event is not public.',
    ]);
    expect((await get(external.id)).statusCode).toBe(403);
    expect((await get(planning.id)).statusCode).toBe(404);
  });
});
