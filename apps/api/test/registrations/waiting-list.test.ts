import { RegistrationState } from '@bpw/domain/enums/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../src/db/schema/registrations';
import { waitingListJobName } from '../../src/features/event-registrations/waiting-list.job';
import { createCategory, eventBody } from '../../src/features/events/event-test-support';
import { createEvent, injectAs, signIn } from '../factories';
import { type TestApp, createTestApp } from '../test-app';
import {
  lastMailTo,
  linkKeyFromMail,
  register,
  registrationBody,
  registrationWorld,
} from '../../src/features/event-registrations/registration-test-support';

const HOUR = 3_600_000;
const { Pending, Waiting, Confirmed, Unregistered } = RegistrationState;

/** Issue 19: a full limited event keeps a waiting list that moves up as places come free. */
describe('the waiting list', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  let now = new Date('2030-01-10T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now, env: { PUBLIC_URL: 'https://events.example.ch' } });
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const as = async (name: 'manager' | 'otherManager' | 'admin') => {
    const person = w.people[name];
    return injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  };
  const newEvent = (overrides: Partial<Parameters<typeof createEvent>[1]> = {}) =>
    createEvent(db(), {
      responsibleClubId: w.club.id,
      eventFrom: new Date('2030-03-01T18:00:00Z'),
      eventTo: null,
      registrationSlots: 2,
      hasWaitingList: true,
      waitingListConfirmHours: 24,
      ...overrides,
    });
  const stateOf = async (id: string) =>
    (await db().select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0]!;
  const english = { headers: { 'accept-language': 'en-US' } };
  /** Registers n guests; answers with their bodies and the created ids. */
  async function registerMany(eventId: string, n: number) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const body = registrationBody();
      const res = await register(t.app, eventId, body, english);
      expect(res.statusCode).toBe(201);
      out.push({ body, id: res.json().id as string, answer: res.json() });
    }
    return out;
  }
  const unregisterByLink = async (email: string) => {
    const key = await keyOfUnregister(email);
    return t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${key}/unregister`, payload: {} });
  };

  it('puts a registration for a full event on the list, with her place in the answer, the page and the mail', async () => {
    const event = await newEvent();
    await registerMany(event.id, 2);
    const [third, fourth] = await registerMany(event.id, 2);
    expect(third!.answer).toMatchObject({ eventRegistrationState: Waiting, waitingListPlace: 1 });
    expect(fourth!.answer).toMatchObject({ eventRegistrationState: Waiting, waitingListPlace: 2 });
    const mail = (await lastMailTo(db(), fourth!.body.email))!;
    expect(mail.textBody).toContain('you are on the waiting list, in place 2');
    expect(mail.textBody).not.toMatch(/\/confirm/);
    const key = /event-registration-public\/([A-Za-z0-9_-]+)\/unregister/.exec(mail.textBody)![1];
    const page = await t.app.inject({ url: `/api/v1/event-registration-public/${key}`, ...english });
    expect(page.json()).toMatchObject({
      eventRegistrationState: Waiting,
      waitingListPlace: 2,
      canConfirm: false,
      canUnregister: true,
    });
    const detail = await t.app.inject({ url: `/api/v1/event-public/${event.id}`, ...english });
    expect(detail.json().registrationStatus.registration).toMatchObject({ mode: 20, hint: 'waitingList' });
  });

  it('refuses as fully booked when the event has no waiting list or it is closed', async () => {
    const without = await newEvent({ hasWaitingList: false, registrationSlots: 1 });
    await registerMany(without.id, 1);
    const refused = await register(t.app, without.id, registrationBody(), english);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['The event is fully booked.']);

    const closed = await newEvent({ registrationSlots: 1 });
    await registerMany(closed.id, 2);
    const manager = await as('manager');
    const close = await manager({
      method: 'PUT',
      url: `/api/v1/event/${closed.id}/waiting-list-state`,
      payload: { isWaitingListClosed: true },
    });
    expect(close.statusCode).toBe(200);
    expect((await register(t.app, closed.id, registrationBody(), english)).statusCode).toBe(409);
    const list = await manager({ url: `/api/v1/event/${closed.id}/waiting-list` });
    expect(list.json()).toMatchObject({ total: 1, isWaitingListClosed: true, availableRegistrationSlots: 0 });
    const other = await as('otherManager');
    expect((await other({ url: `/api/v1/event/${closed.id}/waiting-list` })).statusCode).toBe(403);
  });

  it('moves the first in line up at once when a place frees, with a confirm link and her deadline', async () => {
    const event = await newEvent();
    const [first] = await registerMany(event.id, 2);
    const [a, b] = await registerMany(event.id, 2);
    expect((await unregisterByLink(first!.body.email)).statusCode).toBe(200);
    const movedUp = await stateOf(a!.id);
    expect(movedUp).toMatchObject({ eventRegistrationState: Pending, movedUpAt: now });
    expect(movedUp.expiresAt).toEqual(new Date(now.getTime() + 24 * HOUR));
    expect((await stateOf(b!.id)).eventRegistrationState).toBe(Waiting);
    const mail = (await lastMailTo(db(), a!.body.email))!;
    expect(mail.subject).toBe(`A place is free for you: ${event.title}`);
    expect(mail.textBody).toContain('by Friday, January 11, 2030 at 11:00 AM');
    // Her place is hers: confirming works with the new link.
    const key = await linkKeyFromMail(db(), a!.body.email);
    const confirm = await t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${key}/confirm` });
    expect(confirm.statusCode).toBe(200);
    expect((await stateOf(a!.id)).eventRegistrationState).toBe(Confirmed);
    // B is now first.
    const page = await t.app.inject({
      url: `/api/v1/event-registration-public/${await keyOfUnregister(b!.body.email)}`,
    });
    expect(page.json().waitingListPlace).toBe(1);
  });

  async function keyOfUnregister(email: string) {
    const mail = (await lastMailTo(db(), email))!;
    return /event-registration-public\/([A-Za-z0-9_-]+)\/unregister/.exec(mail.textBody)![1]!;
  }

  it('gives the place to the next when the one moved up does not confirm in time (the job)', async () => {
    const event = await newEvent({ registrationSlots: 1 });
    const [holder] = await registerMany(event.id, 1);
    const [a, b] = await registerMany(event.id, 2);
    const manager = await as('manager');
    expect((await manager({ method: 'DELETE', url: `/api/v1/event-registration/${holder!.id}` })).statusCode).toBe(204);
    expect((await stateOf(a!.id)).eventRegistrationState).toBe(Pending);
    // A minute before her deadline nothing moves; after it, B moves up.
    now = new Date(now.getTime() + 24 * HOUR - 60_000);
    await t.app.scheduler.runJob(waitingListJobName, { now });
    expect((await stateOf(b!.id)).eventRegistrationState).toBe(Waiting);
    now = new Date(now.getTime() + 120_000);
    const run = await t.app.scheduler.runJob(waitingListJobName, { now });
    expect(run).toMatchObject({ ran: true });
    expect((await stateOf(b!.id)).eventRegistrationState).toBe(Pending);
    // A's link no longer confirms.
    const key = await linkKeyFromMail(db(), a!.body.email);
    const late = await t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${key}/confirm` });
    expect(late.statusCode).toBe(409);
  });

  it('moves people up when staff add slots, and by hand to the head of the line', async () => {
    const event = await newEvent({ registrationSlots: 1 });
    await registerMany(event.id, 1);
    const [a, b, c] = await registerMany(event.id, 3);
    const manager = await as('manager');
    // By hand: C goes first; the event is full, so she waits.
    const moved = await manager({ method: 'PUT', url: `/api/v1/event-registration/${c!.id}/move-up` });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ eventRegistrationState: Waiting, waitingListPlace: 1 });
    const list = await manager({ url: `/api/v1/event/${event.id}/waiting-list` });
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([c!.id, a!.id, b!.id]);
    // Two more slots: C and A move up, B waits.
    const category = await createCategory(t);
    const edit = await manager({
      method: 'PUT',
      url: `/api/v1/event/${event.id}`,
      payload: {
        ...eventBody(w.club.id, [category.id]),
        eventState: 20,
        registrationSlots: 3,
        hasWaitingList: true,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ hasWaitingList: true, availableRegistrationSlots: 0 });
    expect((await stateOf(c!.id)).eventRegistrationState).toBe(Pending);
    expect((await stateOf(a!.id)).eventRegistrationState).toBe(Pending);
    expect((await stateOf(b!.id)).eventRegistrationState).toBe(Waiting);
    // Moving up someone not waiting is refused.
    const refused = await manager({ method: 'PUT', url: `/api/v1/event-registration/${a!.id}/move-up`, ...english });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['This registration is not on the waiting list.']);
  });

  it('lets her leave the list, and staff unregistering a place moves the line', async () => {
    const event = await newEvent({ registrationSlots: 1 });
    const [holder] = await registerMany(event.id, 1);
    const [a, b] = await registerMany(event.id, 2);
    expect((await unregisterByLink(a!.body.email)).statusCode).toBe(200);
    expect((await stateOf(a!.id)).eventRegistrationState).toBe(Unregistered);
    const manager = await as('manager');
    const res = await manager({
      method: 'PUT',
      url: `/api/v1/event-registration/${holder!.id}/state`,
      payload: { eventRegistrationState: Unregistered },
    });
    expect(res.statusCode).toBe(200);
    expect((await stateOf(b!.id)).eventRegistrationState).toBe(Pending);
    // Staff cannot put someone on the list by the state call.
    const wait = await manager({
      method: 'PUT',
      url: `/api/v1/event-registration/${holder!.id}/state`,
      payload: { eventRegistrationState: Waiting },
    });
    expect(wait.statusCode).toBe(409);
  });

  it('answers a repeated address on the list like a new one and mails her place again', async () => {
    const event = await newEvent({ registrationSlots: 1 });
    await registerMany(event.id, 1);
    const [a] = await registerMany(event.id, 1);
    now = new Date(now.getTime() + HOUR);
    const again = await register(t.app, event.id, { ...a!.body, lastname: 'Other' }, english);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ eventRegistrationState: Waiting, waitingListPlace: 2 });
    expect((await lastMailTo(db(), a!.body.email))!.textBody).toContain('in place 1');
  });
});
