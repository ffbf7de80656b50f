import { RegistrationState } from '@bpw/domain/enums/registration';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCheckIns } from '../../db/schema/check-ins';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { persons } from '../../db/schema/persons';
import { createEvent, createRegistration } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { checkInWorld, lastMailTo, linkKeyFromMail, register, registrationBody } from './check-in-test-support';
import { ticketHashOf } from './ticket-token';

const { Pending, Confirmed, Unregistered } = RegistrationState;
type Result = { outcome: string; firstname: string; checkedInAt: string; checkedInBy: { lastname: string } | null };

describe('tickets and check-in', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof checkInWorld>>;
  let manager: { firstname: string | null; lastname: string };
  beforeAll(async () => {
    t = await createTestApp();
    w = await checkInWorld(t.app, t.database.db);
    const [row] = await db()
      .select({ firstname: persons.firstname, lastname: persons.lastname })
      .from(persons)
      .where(eq(persons.id, w.people.manager.id));
    manager = row!;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const newEvent = () => createEvent(db(), { responsibleClubId: w.club.id });
  const confirmed = (eventId: string, firstname = 'Anna') =>
    createRegistration(db(), { eventId, firstname, eventRegistrationState: Confirmed });

  /** A guest registers and confirms by the mailed link; answers the link key. */
  async function registerAndConfirm(eventId: string, email = `ticket-${Date.now()}-${Math.random()}@example.ch`) {
    expect((await register(t.app, eventId, registrationBody({ email }))).statusCode).toBe(201);
    const key = await linkKeyFromMail(db(), email);
    const confirm = await t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${key}/confirm` });
    expect(confirm.statusCode).toBe(200);
    return { key, email, id: confirm.json<{ id: string }>().id };
  }
  const ticketOf = async (key: string) =>
    (await t.app.inject({ url: `/api/v1/event-registration-public/${key}/ticket` })).json<{
      token: string;
      qrCode: string;
    }>();
  const checkIn = (eventId: string, payload: object, as: Parameters<typeof w.as>[0] = 'manager') =>
    w.as(as)({ method: 'POST', url: `/api/v1/event/${eventId}/check-in`, payload });

  it('gives a Confirmed registration a ticket: an unguessable token (not the id), a QR code, a PDF and a mail', async () => {
    const event = await newEvent();
    const { key, email, id } = await registerAndConfirm(event.id);
    const ticket = await ticketOf(key);
    expect(ticket.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(ticket.token).not.toContain(id.replace(/-/g, '').slice(0, 8));
    expect(ticket.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // The same ticket every time it is shown.
    expect((await ticketOf(key)).token).toBe(ticket.token);

    const pdf = await t.app.inject({ url: `/api/v1/event-registration-public/${key}/ticket.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="ticket-.+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await lastMailTo(db(), email);
    expect(mail?.subject).toContain(event.title);
    expect(mail?.textBody).toContain(ticket.token);
    expect(mail?.htmlBody).toContain('src="cid:ticket-qr@bpw"');
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['image/png', 'application/pdf']);
    // The mails go out with their files.
    await t.outbox.runOnce();
    const [sent] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(sent).toMatchObject({ status: 'sent', lastError: null });
  });

  it('has no ticket before the registration is confirmed', async () => {
    const event = await newEvent();
    const email = `pending-${Date.now()}@example.ch`;
    await register(t.app, event.id, registrationBody({ email }));
    const key = await linkKeyFromMail(db(), email);
    const res = await t.app.inject({ url: `/api/v1/event-registration-public/${key}/ticket` });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual(['Diese Anmeldung ist nicht bestätigt und hat deshalb kein Ticket.']);
    const pdf = await t.app.inject({ url: `/api/v1/event-registration-public/${key}/ticket.pdf` });
    expect(pdf.statusCode).toBe(409);
  });

  it('checks in by token once: a second scan says when and by whom', async () => {
    const event = await newEvent();
    const { key } = await registerAndConfirm(event.id);
    const { token } = await ticketOf(key);
    const first = await checkIn(event.id, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json<Result>()).toMatchObject({ outcome: 'checkedIn', firstname: 'Gabriela' });
    expect(first.json<Result>().checkedInBy?.lastname).toBe(manager.lastname);
    const again = await checkIn(event.id, { token }, 'admin');
    expect(again.statusCode).toBe(200);
    expect(again.json<Result>()).toMatchObject({
      outcome: 'alreadyCheckedIn',
      checkedInAt: first.json<Result>().checkedInAt,
      checkedInBy: { lastname: manager.lastname },
    });
  });

  it('refuses a ticket of another event, one not confirmed and text that is no ticket', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const { key } = await registerAndConfirm(other.id);
    const { token } = await ticketOf(key);
    const otherEvent = await checkIn(event.id, { token });
    expect(otherEvent.statusCode).toBe(409);
    expect(otherEvent.json().errors).toEqual(['This ticket is not for this event.']);

    const gone = await createRegistration(db(), {
      eventId: event.id,
      firstname: 'Berta',
      lastname: 'Abgemeldet',
      eventRegistrationState: Unregistered,
    });
    const unregistered = await checkIn(event.id, { registrationId: gone.id }, 'manager');
    expect(unregistered.statusCode).toBe(409);
    // The manager reads English (registrationWorld).
    expect(unregistered.json().errors).toEqual(['Berta Abgemeldet: not registered (Unregistered).']);

    for (const token of ['not-a-ticket', 'AAAAAAAAAAAAAAAAAAAAAA', 'AAAAAAAAAAAAAAAAAAAAAB']) {
      const unknown = await checkIn(event.id, { token });
      expect(unknown.statusCode, token).toBe(404);
      expect(unknown.json().errors, token).toEqual(['Unknown ticket: no registration matches it.']);
    }
    const both = await checkIn(event.id, { token, registrationId: gone.id });
    expect(both.statusCode).toBe(400);
    const neither = await checkIn(event.id, {});
    expect(neither.statusCode).toBe(400);
    const future = await checkIn(event.id, { token, checkedInAt: 'tomorrow' });
    expect(future.statusCode).toBe(400);
    const longAgo = await checkIn(event.id, {
      registrationId: (await confirmed(event.id)).id,
      checkedInAt: new Date(Date.now() - 8 * 86_400_000).toISOString(),
    });
    expect(longAgo.statusCode).toBe(400);
  });

  it('lets only the event’s managers check in and read the list', async () => {
    const event = await newEvent();
    const registration = await confirmed(event.id);
    for (const name of ['member', 'otherManager'] as const) {
      expect((await checkIn(event.id, { registrationId: registration.id }, name)).statusCode, name).toBe(403);
      expect((await w.as(name)({ url: `/api/v1/event/${event.id}/check-in` })).statusCode, name).toBe(403);
      // Permission before the body is judged.
      expect((await checkIn(event.id, { nonsense: true }, name)).statusCode, name).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/event/${event.id}/check-in`,
      payload: { registrationId: registration.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await checkIn(event.id, { registrationId: registration.id }, 'admin')).json<Result>().outcome).toBe(
      'checkedIn',
    );
    const missing = await checkIn('00000000-0000-4000-8000-000000000000', { registrationId: registration.id });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the first check-in under concurrency: of many at once exactly one counts', async () => {
    const event = await newEvent();
    const { key } = await registerAndConfirm(event.id);
    const { token } = await ticketOf(key);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => checkIn(event.id, { token }, i % 2 ? 'manager' : 'admin')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const outcomes = results.map((r) => r.json<Result>().outcome);
    expect(outcomes.filter((o) => o === 'checkedIn')).toHaveLength(1);
    const times = new Set(results.map((r) => r.json<Result>().checkedInAt));
    expect(times.size).toBe(1);
    expect(await db().select().from(eventCheckIns).where(eq(eventCheckIns.eventId, event.id))).toHaveLength(1);
  });

  it('lets an earlier check-in made offline win over a later one that arrived first', async () => {
    const event = await newEvent();
    const registration = await confirmed(event.id);
    const online = await checkIn(event.id, { registrationId: registration.id }, 'admin');
    expect(online.json<Result>().outcome).toBe('checkedIn');
    const offlineAt = new Date(Date.now() - 10 * 60_000);
    offlineAt.setMilliseconds(0);
    const queued = await checkIn(event.id, { registrationId: registration.id, checkedInAt: offlineAt.toISOString() });
    expect(queued.json<Result>()).toMatchObject({
      outcome: 'checkedIn',
      checkedInAt: offlineAt.toISOString().replace('.000', ''),
      checkedInBy: { lastname: manager.lastname },
    });
    // Sent again (the device did not see the answer): nothing changes, it says so.
    const resent = await checkIn(event.id, { registrationId: registration.id, checkedInAt: offlineAt.toISOString() });
    expect(resent.json<Result>()).toMatchObject({
      outcome: 'alreadyCheckedIn',
      checkedInAt: queued.json<Result>().checkedInAt,
    });
    // Both devices now read the same from the list.
    const list = await w.as('admin')({ url: `/api/v1/event/${event.id}/check-in` });
    const item = list.json<{ items: { registrationId: string; checkedInAt: string }[] }>().items[0];
    expect(item).toMatchObject({ registrationId: registration.id, checkedInAt: queued.json<Result>().checkedInAt });
    // A device clock ahead of the server's cannot move a check-in into the future.
    const ahead = await checkIn(
      event.id,
      { registrationId: (await confirmed(event.id)).id, checkedInAt: new Date(Date.now() + 3_600_000).toISOString() },
      'manager',
    );
    expect(Date.parse(ahead.json<Result>().checkedInAt)).toBeLessThanOrEqual(Date.now());
  });

  it('lists the event’s registrations for the door with ticket hashes, paged', async () => {
    const event = await newEvent();
    const { key } = await registerAndConfirm(event.id);
    const { token } = await ticketOf(key);
    await createRegistration(db(), { eventId: event.id, eventRegistrationState: Pending });
    await createRegistration(db(), { eventId: event.id, eventRegistrationState: Unregistered });
    const url = `/api/v1/event/${event.id}/check-in`;
    const all = await w.as('manager')({ url });
    expect(all.statusCode).toBe(200);
    const body = all.json<{ items: { ticketHash: string; eventRegistrationState: number }[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.items.map((i) => i.eventRegistrationState)).toEqual([Pending, Confirmed, Unregistered]);
    expect(body.items.some((i) => i.ticketHash === ticketHashOf(token))).toBe(true);
    expect(JSON.stringify(body)).not.toContain(token);
    const page = await w.as('manager')({ url: `${url}?PerPage=1&Page=2` });
    expect(page.json().items).toHaveLength(1);
    expect((await w.as('manager')({ url: `${url}?PerPage=0` })).statusCode).toBe(400);
  });

  it('shows attendance in the registrations tab and the export', async () => {
    const event = await newEvent();
    const registration = await confirmed(event.id, 'Carla');
    await confirmed(event.id, 'Dora');
    await checkIn(event.id, { registrationId: registration.id });
    const list = await w.as('manager')({ url: `/api/v1/event/${event.id}/event-registration` });
    const items = list.json<{ items: { firstname: string; checkIn: unknown }[] }>().items;
    expect(items.find((i) => i.firstname === 'Carla')?.checkIn).toMatchObject({
      checkedInBy: { lastname: manager.lastname },
    });
    expect(items.find((i) => i.firstname === 'Dora')?.checkIn).toBeNull();

    const file = await w.as('manager')({ url: `/api/v1/event/${event.id}/export-event-registration` });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = headers.indexOf('Checked in at') + 1;
    const by = headers.indexOf('Checked in by') + 1;
    expect(at).toBeGreaterThan(0);
    const rows = [2, 3].map((n) => sheet.getRow(n));
    const carla = rows.find((row) => row.getCell(headers.indexOf('First name') + 1).value === 'Carla')!;
    expect(String(carla.getCell(at).value)).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(carla.getCell(by).value).toBe(`${manager.firstname} ${manager.lastname}`);
  });
});
