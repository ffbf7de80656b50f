import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import { NotificationType } from '@bpw/domain/enums/notification';
import { PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { eventCustomFieldValues } from '../../db/schema/registrations';
import { createEvent, createPerson, createRegistration } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import {
  createCustomField,
  lastMailTo,
  register,
  registrationBody,
  registrationWorld,
} from './registration-test-support';

const { Pending, Confirmed, Unregistered, Rejected } = RegistrationState;
type Item = { id: string; firstname: string; lastname: string; eventRegistrationState: number; eventId: string };

describe('staff calls on registrations', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const newEvent = (overrides: { registrationSlots?: number | null; title?: string } = {}) =>
    createEvent(db(), { responsibleClubId: w.club.id, ...overrides });
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  it('lists an event’s registrations: Confirmed first, then Pending, then by registration time; paged', async () => {
    const event = await newEvent();
    const add = (lastname: string, state: number, minutes: number) =>
      createRegistration(db(), {
        eventId: event.id,
        lastname,
        eventRegistrationState: state,
        registeredAt: minutesAgo(minutes),
      });
    await add('Pending alt', Pending, 50);
    await add('Bestätigt neu', Confirmed, 10);
    await add('Abgemeldet', Unregistered, 60);
    await add('Bestätigt alt', Confirmed, 40);
    await add('Pending neu', Pending, 5);
    const names = (res: { json: () => { items: Item[] } }) => res.json().items.map((r) => r.lastname);
    const url = `/api/v1/event/${event.id}/event-registration`;
    const all = await w.as('manager')({ url });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(5);
    expect(names(all)).toEqual(['Bestätigt alt', 'Bestätigt neu', 'Pending alt', 'Pending neu', 'Abgemeldet']);
    expect(names(await w.as('manager')({ url: `${url}?PerPage=2&Page=1` }))).toEqual(['Pending alt', 'Pending neu']);
    const pending = await w.as('manager')({ url: `${url}?EventRegistrationState=${Pending}` });
    expect(names(pending)).toEqual(['Pending alt', 'Pending neu']);
    expect(pending.json().total).toBe(2);
    expect(
      names(
        await w.as('manager')({
          url: `${url}?EventRegistrationState=${Pending}&EventRegistrationState=${Unregistered}`,
        }),
      ),
    ).toHaveLength(3);
    expect(names(await w.as('manager')({ url: `${url}?SortBy=registeredAt&SortDesc=true&PerPage=1` }))).toEqual([
      'Pending neu',
    ]);
    expect((await w.as('manager')({ url: `${url}?SortBy=nope` })).statusCode).toBe(400);
  });

  it('finds registrations by every word of Fulltext in firstname, lastname or e-mail', async () => {
    const event = await newEvent();
    await createRegistration(db(), {
      eventId: event.id,
      firstname: 'Regula',
      lastname: 'Zürcher',
      email: 'rz@bern.ch',
    });
    await createRegistration(db(), {
      eventId: event.id,
      firstname: 'Ursula',
      lastname: 'Zürcher',
      email: 'uz@luzern.ch',
    });
    await createRegistration(db(), { eventId: event.id, firstname: 'Ana', lastname: '100%_Test', email: 'ana@x.ch' });
    const search = async (text: string) =>
      (
        await w.as('manager')({
          url: `/api/v1/event/${event.id}/event-registration?Fulltext=${encodeURIComponent(text)}`,
        })
      )
        .json()
        .items.map((r: Item) => r.firstname)
        .sort();
    expect(await search('zürcher')).toEqual(['Regula', 'Ursula']);
    expect(await search('zürcher LUZERN')).toEqual(['Ursula']);
    expect(await search('%')).toEqual(['Ana']);
    expect(await search('niemand')).toEqual([]);
  });

  it('is for the managers of the event and admins only', async () => {
    const event = await newEvent();
    const registration = await createRegistration(db(), { eventId: event.id });
    const calls = [
      { url: `/api/v1/event/${event.id}/event-registration` },
      { url: `/api/v1/event/${event.id}/export-event-registration` },
      { method: 'PUT' as const, url: `/api/v1/event-registration/${registration.id}`, payload: registrationBody() },
      {
        method: 'PUT' as const,
        url: `/api/v1/event-registration/${registration.id}/state`,
        payload: { eventRegistrationState: Confirmed },
      },
      {
        method: 'PUT' as const,
        url: `/api/v1/event-registration/${registration.id}/payment-status`,
        payload: { paymentStatus: PaymentStatus.Paid },
      },
      { method: 'DELETE' as const, url: `/api/v1/event-registration/${registration.id}` },
    ];
    for (const call of calls) {
      expect([call.url, (await w.as('member')(call)).statusCode]).toEqual([call.url, 403]);
      expect([call.url, (await w.as('otherManager')(call)).statusCode]).toEqual([call.url, 403]);
      expect([call.url, (await t.app.inject(call)).statusCode]).toEqual([call.url, 401]);
    }
    expect((await w.as('admin')(calls[0]!)).statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await w.as('admin')({ url: `/api/v1/event/${unknown}/event-registration` })).statusCode).toBe(404);
    expect((await w.as('admin')({ method: 'DELETE', url: `/api/v1/event-registration/${unknown}` })).statusCode).toBe(
      404,
    );
  });

  it("lists a person's registrations: all for herself and admins, her clubs' events for an event manager", async () => {
    const person = await createPerson(db(), { clubId: w.club.id });
    const own = await newEvent({ title: 'Eigener Anlass' });
    const foreign = await createEvent(db(), { responsibleClubId: w.otherClub.id, title: 'Fremder Anlass' });
    await createRegistration(db(), { eventId: own.id, personId: person.id, eventRegistrationState: Confirmed });
    await createRegistration(db(), { eventId: foreign.id, personId: person.id });
    const url = `/api/v1/person/${person.id}/event-registration`;
    const titles = (res: { json: () => { items: { event: { title: string } }[] } }) =>
      res
        .json()
        .items.map((r) => r.event.title)
        .sort();
    expect(titles(await w.as('admin')({ url }))).toEqual(['Eigener Anlass', 'Fremder Anlass']);
    expect(titles(await w.as('manager')({ url }))).toEqual(['Eigener Anlass']);
    expect(titles(await w.as('otherManager')({ url }))).toEqual(['Fremder Anlass']);
    expect((await w.as('member')({ url })).statusCode).toBe(403);
    expect(titles(await w.as('admin')({ url: `${url}?EventRegistrationState=${Confirmed}` }))).toEqual([
      'Eigener Anlass',
    ]);
    expect(titles(await w.as('admin')({ url: `${url}?EventIds=${foreign.id}` }))).toEqual(['Fremder Anlass']);
    const self = await w.as('member')({ url: `/api/v1/person/${w.people.member.id}/event-registration` });
    expect(self.statusCode).toBe(200);
    expect(
      (await w.as('admin')({ url: '/api/v1/person/00000000-0000-4000-8000-000000000000/event-registration' }))
        .statusCode,
    ).toBe(404);
  });

  it('changes a registration and its custom values (types checked, required modes not)', async () => {
    const event = await newEvent();
    const field = await createCustomField(db(), {
      eventId: event.id,
      title: 'Anzahl',
      type: CustomFieldType.number,
      modeGuest: CustomFieldMode.hidden,
      modeMember: CustomFieldMode.hidden,
    });
    await createCustomField(db(), { eventId: event.id, modeGuest: CustomFieldMode.required });
    const registration = await createRegistration(db(), { eventId: event.id });
    const url = `/api/v1/event-registration/${registration.id}`;
    const body = registrationBody({
      firstname: 'Neu',
      remarks: 'Rollstuhl',
      eventCustomFieldValues: [{ eventCustomFieldId: field.id, value: '2,5' }],
    });
    const res = await w.as('manager')({ method: 'PUT', url, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Neu', remarks: 'Rollstuhl', email: body.email });
    expect(res.json().eventCustomFieldValues).toEqual([
      { id: expect.any(String), eventCustomFieldId: field.id, value: '2.5' },
    ]);

    const invalid = await w.as('manager')({
      method: 'PUT',
      url,
      payload: { ...body, eventCustomFieldValues: [{ eventCustomFieldId: field.id, value: 'viele' }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(['Anzahl is no valid number']);
    const other = await createRegistration(db(), { eventId: event.id });
    const taken = await w.as('manager')({ method: 'PUT', url, payload: { ...body, email: other.email } });
    expect(taken.statusCode).toBe(409);
  });

  it('deletes a registration with its values', async () => {
    const event = await newEvent();
    const registration = await createRegistration(db(), { eventId: event.id });
    const res = await w.as('manager')({ method: 'DELETE', url: `/api/v1/event-registration/${registration.id}` });
    expect(res.statusCode).toBe(204);
    expect((await w.as('manager')({ url: `/api/v1/event/${event.id}/event-registration` })).json().total).toBe(0);
    expect(
      await db()
        .select()
        .from(eventCustomFieldValues)
        .where(eq(eventCustomFieldValues.registrationId, registration.id)),
    ).toEqual([]);
  });

  it('sets the state and informs the registrant: a member by notification, a guest by mail', async () => {
    const event = await newEvent({ title: 'Generalversammlung' });
    const member = await register(t.app, event.id, registrationBody(), { token: w.tokens.member });
    const guestBody = registrationBody();
    const guest = await register(t.app, event.id, guestBody, { headers: { 'accept-language': 'en-US' } });
    const setState = (id: string, state: number) =>
      w.as('manager')({
        method: 'PUT',
        url: `/api/v1/event-registration/${id}/state`,
        payload: { eventRegistrationState: state },
      });

    const confirmed = await setState(member.json().id, Confirmed);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().eventRegistrationState).toBe(Confirmed);
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.personId, w.people.member.id),
          eq(notifications.notificationType, NotificationType.EventRegistrationStateChanged),
          eq(notifications.eventId, event.id),
        ),
      );
    expect(notification).toMatchObject({ title: 'Inscription : Generalversammlung' });
    expect(notification!.content).toContain('Confirmée');

    const rejected = await setState(guest.json().id, Rejected);
    expect(rejected.json().eventRegistrationState).toBe(Rejected);
    const mail = (await lastMailTo(db(), guestBody.email))!;
    expect(mail.subject).toBe('Registration: Generalversammlung');
    expect(mail.textBody).toContain('is now: Rejected');

    const unregistered = await setState(guest.json().id, Unregistered);
    expect(unregistered.json().unregisteredAt).toEqual(expect.any(String));
    expect((await setState(guest.json().id, 99)).statusCode).toBe(400);
  });

  it('does not overbook when staff make a registration active again, nor duplicate an e-mail', async () => {
    const event = await newEvent({ registrationSlots: 1 });
    const old = await createRegistration(db(), { eventId: event.id, eventRegistrationState: Unregistered });
    const current = await createRegistration(db(), { eventId: event.id, eventRegistrationState: Confirmed });
    const reactivate = () =>
      w.as('manager')({
        method: 'PUT',
        url: `/api/v1/event-registration/${old.id}/state`,
        payload: { eventRegistrationState: Pending },
      });
    const full = await reactivate();
    expect(full.statusCode).toBe(409);
    expect(full.json().errors).toEqual(['The event is fully booked.']);

    await w.as('manager')({ method: 'DELETE', url: `/api/v1/event-registration/${current.id}` });
    const twin = await createRegistration(db(), {
      eventId: event.id,
      email: old.email.toUpperCase(),
      eventRegistrationState: Rejected,
    });
    expect((await reactivate()).statusCode).toBe(200);
    const duplicate = await w.as('manager')({
      method: 'PUT',
      url: `/api/v1/event-registration/${twin.id}/state`,
      payload: { eventRegistrationState: Confirmed },
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('marks a registration paid and unpaid', async () => {
    const event = await newEvent();
    const registration = await createRegistration(db(), { eventId: event.id });
    const url = `/api/v1/event-registration/${registration.id}/payment-status`;
    const paid = await w.as('manager')({ method: 'PUT', url, payload: { paymentStatus: PaymentStatus.Paid } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentStatus).toBe(PaymentStatus.Paid);
    const unpaid = await w.as('manager')({ method: 'PUT', url, payload: { paymentStatus: PaymentStatus.Unpaid } });
    expect(unpaid.json().paymentStatus).toBe(PaymentStatus.Unpaid);
    expect((await w.as('manager')({ method: 'PUT', url, payload: { paymentStatus: 15 } })).statusCode).toBe(400);
  });
});
