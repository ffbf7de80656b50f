import { RegistrationState } from '@bpw/domain/enums/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../src/db/schema/registrations';
import { registrationExpiryJobName } from '../../src/features/event-registrations/registration-expiry.job';
import { createCategory, eventBody } from '../../src/features/events/event-test-support';
import { createEvent, injectAs, signIn } from '../factories';
import { type TestApp, createTestApp } from '../test-app';
import {
  lastMailTo,
  linkKeyFromMail,
  mailsTo,
  register,
  registrationBody,
  registrationWorld,
} from '../../src/features/event-registrations/registration-test-support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Issue 15: a Pending registration expires after the event's time to confirm; staff can extend it. */
describe('the time to confirm a registration', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  let now = new Date('2030-01-10T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now, env: { PUBLIC_URL: 'https://events.example.ch' } });
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  /** Staff act with a token issued at the current clock. */
  const as = async (name: 'manager' | 'otherManager' | 'admin') => {
    const person = w.people[name];
    return injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  };
  const newEvent = (overrides: Parameters<typeof createEvent>[1] extends infer O ? Partial<O> : never = {}) =>
    createEvent(db(), {
      responsibleClubId: w.club.id,
      eventFrom: new Date('2030-03-01T18:00:00Z'),
      eventTo: null,
      ...overrides,
    });
  const rowOf = async (id: string) =>
    (await db().select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];

  it('stores the expiry on the registration and names it in the mail in Swiss time (default 48 hours)', async () => {
    const event = await newEvent();
    const body = registrationBody();
    const res = await register(t.app, event.id, body, { headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(201);
    expect((await rowOf(res.json().id))!.expiresAt).toEqual(new Date('2030-01-12T10:00:00Z'));
    expect((await lastMailTo(db(), body.email))!.textBody).toContain(
      'Please confirm your registration with the link below by Saturday, January 12, 2030 at 11:00 AM.',
    );
  });

  it('takes the hours the event sets; the event form validates them (1 to 720)', async () => {
    const category = await createCategory(t);
    const manager = await as('manager');
    const created = await manager({
      method: 'POST',
      url: '/api/v1/event',
      payload: eventBody(w.club.id, [category.id], { registrationConfirmHours: 6 }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().registrationConfirmHours).toBe(6);
    for (const hours of [0, 721, 1.5, '12']) {
      const res = await manager({
        method: 'POST',
        url: '/api/v1/event',
        headers: { 'accept-language': 'en-US' },
        payload: eventBody(w.club.id, [category.id], { registrationConfirmHours: hours }),
      });
      expect(res.statusCode, String(hours)).toBe(400);
      expect(res.json().errors.join(' ')).toMatch(/Time to confirm a registration/);
    }
    const defaulted = await manager({
      method: 'POST',
      url: '/api/v1/event',
      payload: eventBody(w.club.id, [category.id]),
    });
    expect(defaulted.json().registrationConfirmHours).toBe(48);

    const event = await newEvent({ registrationConfirmHours: 6 });
    const res = await register(t.app, event.id, registrationBody());
    expect((await rowOf(res.json().id))!.expiresAt).toEqual(new Date(now.getTime() + 6 * HOUR));
  });

  it('shows staff the pending registrations with their expiry; an extension keeps one alive and mails new links', async () => {
    const event = await newEvent({ registrationSlots: 1, registrationConfirmHours: 2 });
    const body = registrationBody();
    const created = await register(t.app, event.id, body, { headers: { 'accept-language': 'en-US' } });
    const oldKey = await linkKeyFromMail(db(), body.email);
    const list = await (await as('manager'))({ url: `/api/v1/event/${event.id}/event-registration` });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: created.json().id,
        eventRegistrationState: RegistrationState.Pending,
        expiresAt: new Date(now.getTime() + 2 * HOUR).toISOString().replace('.000', ''),
      }),
    ]);

    later(1 * HOUR);
    const extended = await (
      await as('manager')
    )({
      method: 'PUT',
      url: `/api/v1/event-registration/${created.json().id}/extend`,
    });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().expiresAt).toBe(new Date(now.getTime() + 2 * HOUR).toISOString().replace('.000', ''));
    expect(await mailsTo(db(), body.email)).toHaveLength(2);
    const newKey = await linkKeyFromMail(db(), body.email);
    expect(newKey).not.toBe(oldKey);

    // Past the first deadline the extended registration still holds the only slot.
    later(90 * MINUTE);
    const full = await register(t.app, event.id, registrationBody(), { headers: { 'accept-language': 'en-US' } });
    expect([full.statusCode, full.json().errors]).toEqual([409, ['The event is fully booked.']]);
    const confirmed = await t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${newKey}/confirm` });
    expect(confirmed.json().eventRegistrationState).toBe(RegistrationState.Confirmed);
    expect(confirmed.json().expiresAt).toBeNull();
  });

  it('extends an expired registration only while a slot is free; only Pending ones; only for its managers', async () => {
    const event = await newEvent({ registrationSlots: 1, registrationConfirmHours: 1 });
    const first = await register(t.app, event.id, registrationBody());
    later(2 * HOUR);
    const second = await register(t.app, event.id, registrationBody());
    expect(second.statusCode).toBe(201);
    const manager = await as('manager');
    const extend = (id: string, caller = manager) =>
      caller({
        method: 'PUT',
        url: `/api/v1/event-registration/${id}/extend`,
        headers: { 'accept-language': 'en-US' },
      });
    const noSlot = await extend(first.json().id);
    expect([noSlot.statusCode, noSlot.json().errors]).toEqual([409, ['The event is fully booked.']]);
    expect((await extend(second.json().id, await as('otherManager'))).statusCode).toBe(403);
    expect((await extend(second.json().id, await as('admin'))).statusCode).toBe(200);
    await manager({
      method: 'PUT',
      url: `/api/v1/event-registration/${second.json().id}/state`,
      payload: { eventRegistrationState: RegistrationState.Confirmed },
    });
    const notPending = await extend(second.json().id);
    expect([notPending.statusCode, notPending.json().errors]).toEqual([
      409,
      ['Only a pending registration can be extended.'],
    ]);
    expect((await extend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets staff set an expired registration Confirmed only into a free slot, and Pending again with a new expiry', async () => {
    const event = await newEvent({ registrationSlots: 1, registrationConfirmHours: 1 });
    const first = await register(t.app, event.id, registrationBody());
    later(2 * HOUR);
    const second = await register(t.app, event.id, registrationBody());
    const manager = await as('manager');
    const setState = (id: string, state: number) =>
      manager({
        method: 'PUT',
        url: `/api/v1/event-registration/${id}/state`,
        payload: { eventRegistrationState: state },
      });
    expect((await setState(first.json().id, RegistrationState.Confirmed)).statusCode).toBe(409);
    await setState(second.json().id, RegistrationState.Unregistered);
    expect((await setState(first.json().id, RegistrationState.Confirmed)).statusCode).toBe(200);
    await setState(first.json().id, RegistrationState.Unregistered);
    const pending = await setState(first.json().id, RegistrationState.Pending);
    expect(pending.json().expiresAt).toBe(new Date(now.getTime() + HOUR).toISOString().replace('.000', ''));
  });

  it('gives a member whose registration expired her registration action back', async () => {
    const event = await newEvent({ registrationConfirmHours: 1 });
    const member = w.people.member;
    const token = () => signIn(t.app, member.username, member.password).then((s) => s.token);
    expect((await register(t.app, event.id, registrationBody(), { token: await token() })).statusCode).toBe(201);
    later(2 * HOUR);
    const detail = await injectAs(t.app, await token())({ url: `/api/v1/event-public/${event.id}` });
    expect(detail.json().registrationStatus.registration.hint).toBe('available');
    expect((await register(t.app, event.id, registrationBody(), { token: await token() })).statusCode).toBe(201);
  });

  it('deletes Pending registrations a week after they expired; correctness never waits for it', async () => {
    const event = await newEvent({ registrationConfirmHours: 1 });
    const expired = await register(t.app, event.id, registrationBody());
    const confirmedBody = registrationBody();
    const confirmed = await register(t.app, event.id, confirmedBody);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/event-registration-public/${await linkKeyFromMail(db(), confirmedBody.email)}/confirm`,
    });
    later(6 * 24 * HOUR);
    await t.app.scheduler.runJob(registrationExpiryJobName, { now });
    expect(await rowOf(expired.json().id)).toBeDefined();
    later(2 * 24 * HOUR);
    await t.app.scheduler.runJob(registrationExpiryJobName, { now });
    expect(await rowOf(expired.json().id)).toBeUndefined();
    expect(await rowOf(confirmed.json().id)).toBeDefined();
  });
});
