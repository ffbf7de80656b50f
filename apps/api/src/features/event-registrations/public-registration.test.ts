import { EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/events';
import { eventRegistrations } from '../../db/schema/registrations';
import { hashToken } from '../../platform/auth/secure-tokens';
import { createEvent, createRegistration } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import {
  lastMailTo,
  linkKeyFromMail,
  register,
  registrationBody,
  registrationWorld,
} from './registration-test-support';

describe('registering for an event (POST event-public/{id}/event-registration)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://events.example.ch' } });
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const newEvent = (overrides: Parameters<typeof createEvent>[1] extends infer O ? Partial<O> : never = {}) =>
    createEvent(db(), { responsibleClubId: w.club.id, title: 'Netzwerk-Apéro', ...overrides });
  const rowOf = async (id: string) =>
    (await db().select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0]!;

  it('registers a guest as Pending and mails her the confirm and unregister links in her language', async () => {
    const event = await newEvent({ title: 'Apéro <Sommer> & Networking' });
    const body = registrationBody({ firstname: 'Chiara' });
    const res = await register(t.app, event.id, body, { headers: { 'accept-language': 'it-CH,it;q=0.9' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      eventRegistrationState: RegistrationState.Pending,
      waitingListPlace: null,
    });

    const row = await rowOf(created.id);
    expect(row.personId).toBeNull();
    expect(row.languageCode).toBe('it');
    const mail = (await lastMailTo(db(), body.email))!;
    expect(mail.subject).toBe('La sua iscrizione: Apéro <Sommer> & Networking');
    expect(mail.htmlBody).toContain('Apéro &lt;Sommer&gt; &amp; Networking');
    expect(mail.htmlBody).not.toContain('<Sommer>');
    const key = await linkKeyFromMail(db(), body.email);
    expect(mail.textBody).toContain(`https://events.example.ch/event-registration-public/${key}/confirm`);
    expect(mail.textBody).toContain(`https://events.example.ch/event-registration-public/${key}/unregister`);
    // At least 128 random bits, not the id; only its SHA-256 hash is stored.
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(key).not.toContain(created.id);
    expect(row.linkKeyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(res.body).not.toContain(key);
  });

  it("writes a guest's mail in the event's language when the request names none", async () => {
    const event = await newEvent({ defaultLanguageCode: 'fr' });
    const body = registrationBody();
    expect((await register(t.app, event.id, body)).statusCode).toBe(201);
    expect((await lastMailTo(db(), body.email))!.subject).toMatch(/^Votre inscription/);
  });

  it("takes a member's person id from the token, never from the body, and mails in her language", async () => {
    const event = await newEvent();
    const body = { ...registrationBody(), personId: w.people.admin.id };
    const res = await register(t.app, event.id, body, {
      token: w.tokens.member,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json().id);
    expect(row.personId).toBe(w.people.member.id);
    expect(row.languageCode).toBe('fr');
    expect((await lastMailTo(db(), body.email))!.subject).toMatch(/^Votre inscription/);
  });

  it('refuses a second active registration of the same member (409); a second one of an address stores nothing', async () => {
    const event = await newEvent();
    expect((await register(t.app, event.id, registrationBody(), { token: w.tokens.member })).statusCode).toBe(201);
    const again = await register(t.app, event.id, registrationBody(), { token: w.tokens.member });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Vous êtes déjà inscrite.']);

    // Issue 15: answered like a new registration (test/security/public-registration-abuse.test.ts).
    const body = registrationBody({ email: `Doppelt-${Date.now()}@Example.ch` });
    const first = await register(t.app, event.id, body);
    const twice = await register(t.app, event.id, { ...body, email: body.email.toLowerCase() });
    expect(twice.statusCode).toBe(201);
    const rows = await db().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(rows.filter((r) => r.email.toLowerCase() === body.email.toLowerCase()).map((r) => r.id)).toEqual([
      first.json().id,
    ]);
  });

  it('accepts the e-mail address again once its registration is unregistered', async () => {
    const event = await newEvent();
    const previous = await createRegistration(db(), {
      eventId: event.id,
      eventRegistrationState: RegistrationState.Unregistered,
    });
    expect((await register(t.app, event.id, registrationBody({ email: previous.email }))).statusCode).toBe(201);
  });

  it('answers a full limited event with 409 and the fully booked message; Pending and Confirmed take slots', async () => {
    const event = await newEvent({ registrationSlots: 2 });
    await createRegistration(db(), { eventId: event.id, eventRegistrationState: RegistrationState.Confirmed });
    await createRegistration(db(), { eventId: event.id, eventRegistrationState: RegistrationState.Unregistered });
    expect((await register(t.app, event.id, registrationBody())).statusCode).toBe(201);
    const full = await register(t.app, event.id, registrationBody(), { headers: { 'accept-language': 'en-US' } });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors).toEqual(['The event is fully booked.']);
  });

  it('enforces the availability rules: states, deadline, no or external registration', async () => {
    const past = new Date(Date.now() - 3_600_000);
    const cases: [Parameters<typeof newEvent>[0], number, string][] = [
      [{ eventState: EventState.Published }, 409, 'Registration is not open yet.'],
      [{ eventState: EventState.Completed }, 409, 'The event is over; registration is no longer possible.'],
      [{ registrationTo: past }, 409, 'The registration deadline has passed.'],
      [{ registrationSlots: null }, 409, 'No registration is needed for this event.'],
      [{ externalRegistrationUrl: 'https://tickets.example.ch' }, 409, 'Registration takes place externally.'],
      [{ eventState: EventState.Planning }, 404, 'Not found.'],
      [{ eventState: EventState.Archived }, 404, 'Not found.'],
    ];
    for (const [overrides, status, message] of cases) {
      const event = await newEvent(overrides);
      const res = await register(t.app, event.id, registrationBody(), { headers: { 'accept-language': 'en-US' } });
      expect({ overrides, status: res.statusCode, errors: res.json().errors }).toEqual({
        overrides,
        status,
        errors: [message],
      });
    }
  });

  it('answers 404 for an unknown event and 400 with localised messages for an invalid body', async () => {
    const missing = await register(t.app, '00000000-0000-4000-8000-000000000000', registrationBody());
    expect(missing.statusCode).toBe(404);
    const event = await newEvent();
    const res = await register(
      t.app,
      event.id,
      { ...registrationBody(), firstname: ' ', email: 'kein-mail', zip: undefined, countryCode: 'Schweiz' },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'Firstname must not be empty.',
        'E-mail is no valid email address',
        'ZIP must not be empty.',
        'Country is invalid.',
      ]),
    );
  });
});

describe('the public registration link (event-registration-public/{keyOrId})', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const link = (keyOrId: string, action = '') => `/api/v1/event-registration-public/${keyOrId}${action}`;

  async function guestRegistration(
    overrides: Parameters<typeof createEvent>[1] extends infer O ? Partial<O> : never = {},
  ) {
    const event = await createEvent(db(), { responsibleClubId: w.club.id, ...overrides });
    const body = registrationBody();
    const res = await register(t.app, event.id, body, { headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(201);
    return { event, body, id: res.json().id as string, key: await linkKeyFromMail(db(), body.email) };
  }

  it('shows the registration with its event to the holder of the key', async () => {
    const { event, body, key, id } = await guestRegistration();
    const res = await t.app.inject({ url: link(key) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email: body.email,
      eventRegistrationState: RegistrationState.Pending,
      event: { id: event.id, title: event.title, responsibleClub: { id: w.club.id } },
      canConfirm: true,
      canUnregister: true,
    });
  });

  it('answers 404 for a wrong key and for a registration id from anyone but its signed-in owner', async () => {
    const { id } = await guestRegistration();
    expect((await t.app.inject({ url: link('A'.repeat(43)) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: link(id) })).statusCode).toBe(404);
    expect((await w.as('admin')({ url: link(id) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: link('no') })).statusCode).toBe(400);
  });

  it('confirms a Pending registration once; pressing again changes nothing and mails nothing', async () => {
    const { key, body } = await guestRegistration();
    const first = await t.app.inject({ method: 'PUT', url: link(key, '/confirm') });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ eventRegistrationState: RegistrationState.Confirmed, canConfirm: false });
    const mail = (await lastMailTo(db(), body.email))!;
    // A guest's confirmation comes as the ticket mail (issue 19, docs/decisions/tickets-check-in.md).
    expect(mail.subject).toBe(`Your ticket: ${first.json().event.title}`);
    expect(mail.textBody).toContain('is confirmed');

    const second = await t.app.inject({ method: 'PUT', url: link(key, '/confirm') });
    expect(second.statusCode).toBe(200);
    expect(second.json().eventRegistrationState).toBe(RegistrationState.Confirmed);
    expect((await lastMailTo(db(), body.email))!.id).toBe(mail.id);
  });

  it('does not confirm an unregistered registration (409)', async () => {
    const { key } = await guestRegistration();
    await t.app.inject({ method: 'PUT', url: link(key, '/unregister'), payload: {} });
    const res = await t.app.inject({ method: 'PUT', url: link(key, '/confirm'), headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['Only a pending registration can be confirmed.']);
  });

  it('unregisters with remarks until the unregistration deadline, and frees the slot', async () => {
    const { key, id, event } = await guestRegistration({ registrationSlots: 1 });
    expect((await register(t.app, event.id, registrationBody())).statusCode).toBe(409);
    const res = await t.app.inject({
      method: 'PUT',
      url: link(key, '/unregister'),
      payload: { unregistrationRemarks: 'Leider krank.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      eventRegistrationState: RegistrationState.Unregistered,
      unregistrationRemarks: 'Leider krank.',
      unregisteredAt: expect.any(String),
      canUnregister: false,
    });
    expect((await register(t.app, event.id, registrationBody())).statusCode).toBe(201);
    // Again: nothing changes.
    const again = await t.app.inject({ method: 'PUT', url: link(key, '/unregister') });
    expect(again.statusCode).toBe(200);
    expect(again.json().unregistrationRemarks).toBe('Leider krank.');
  });

  it('refuses to unregister after the deadline (409 with the message)', async () => {
    const { key, event } = await guestRegistration();
    await db()
      .update(events)
      .set({ unregistrationTo: new Date(Date.now() - 60_000) })
      .where(eq(events.id, event.id));
    const res = await t.app.inject({
      method: 'PUT',
      url: link(key, '/unregister'),
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['The unregistration deadline has passed.']);
    expect((await t.app.inject({ url: link(key) })).json().canUnregister).toBe(false);
  });

  it('lets a signed-in member unregister her own registration by its id, and notifies her', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id });
    const res = await register(t.app, event.id, registrationBody(), { token: w.tokens.member });
    const id = res.json().id as string;
    expect((await w.as('manager')({ method: 'PUT', url: link(id, '/unregister') })).statusCode).toBe(404);
    const own = await w.as('member')({ method: 'PUT', url: link(id, '/unregister'), payload: {} });
    expect(own.statusCode).toBe(200);
    expect(own.json().eventRegistrationState).toBe(RegistrationState.Unregistered);
    const inbox = await w.as('member')({ url: `/api/v1/notification?PersonId=${w.people.member.id}` });
    expect(inbox.json().items.map((n: { title: string }) => n.title)).toContain(`Inscription : ${event.title}`);
  });
});
