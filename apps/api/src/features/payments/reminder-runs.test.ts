import { InvoiceDelivery, InvoiceState } from '@bpw/domain/enums/invoice';
import { PaymentState, PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createPerson,
  createRegistration,
  injectAs,
  isoDay,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { camtXml } from './camt-test-support';
import { createInvoiceSettings, createTestInvoice, startSmtpPeer, uploadCamt } from './payments-test-support';

type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
const DAY = 86_400_000;

describe('reminder runs and event invoices (issue 17)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let offsetMs = 0;
  let clubA: string;
  let clubB: string;
  let manager: CreatedPerson;
  let otherManager: CreatedPerson;
  let member: CreatedPerson;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: () => new Date(Date.now() + offsetMs) });
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    await createInvoiceSettings(db, clubA);
    manager = await createPerson(db, { clubId: clubA, type: 'database' });
    otherManager = await createPerson(db, { clubId: clubB, type: 'database' });
    member = await createPerson(db, { clubId: clubA });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    offsetMs = 0;
  });

  describe('reminders', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const db = t.database.db;
      const make = async (key: string, options: Omit<Parameters<typeof createTestInvoice>[1], 'clubId'>) => {
        ids[key] = (await createTestInvoice(db, { clubId: clubA, ...options })).id;
      };
      await make('byMail', { dueDate: isoDay(-40), languageCode: 'fr', email: 'claire@example.ch', lastname: 'Favre' });
      await make('byPost', { dueDate: isoDay(-40), delivery: InvoiceDelivery.print });
      await make('noEmail', { dueDate: isoDay(-35), email: null });
      await make('notDue', { dueDate: isoDay(10) });
      await make('paid', { dueDate: isoDay(-40) });
      await db.execute(sql`UPDATE invoices SET state = ${InvoiceState.paid}, paid_centimes = total_centimes
        WHERE id = ${ids.paid}`);
    });

    const preview = async (person: CreatedPerson, level: number) =>
      (await as(person))({ url: `/api/v1/reminder-run/preview?ClubId=${clubA}&Level=${level}` });
    const run = async (level: number) => {
      const res = await (
        await as(manager)
      )({ method: 'POST', url: '/api/v1/reminder-run', payload: { clubId: clubA, level } });
      expect(res.statusCode).toBe(202);
      await t.app.jobs.runOnce();
      await t.outbox.runOnce();
      return (await (await as(manager))({ url: `/api/v1/reminder-run/${res.json().id}` })).json();
    };
    const levels = async () =>
      rows<{ id: string; reminder_level: number }>(
        sql`SELECT id, reminder_level FROM invoices WHERE club_id = ${clubA}`,
      );

    it('previews the first reminders: the overdue open invoices, by mail or print', async () => {
      const res = await preview(manager, 1);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        level: 1,
        reminderCount: 3,
        openCentimes: 36000,
        mailCount: 1,
        printCount: 2,
        omitted: { total: 0 },
      });
      const second = await preview(manager, 2);
      expect(second.json()).toMatchObject({ reminderCount: 0, omittedByReason: { noFirstReminder: 3 } });
      expect((await preview(otherManager, 1)).statusCode).toBe(403);
      expect((await preview(member, 1)).statusCode).toBe(403);
    });

    it('reminds each overdue invoice once, mails the PDF in her language, and a second run reminds nobody twice', async () => {
      const first = await run(1);
      expect(first).toMatchObject({ level: 1, reminderCount: 3 });
      const byId = new Map((await levels()).map((r) => [r.id, Number(r.reminder_level)]));
      expect([ids.byMail, ids.byPost, ids.noEmail].map((id) => byId.get(id!))).toEqual([1, 1, 1]);
      expect([ids.notDue, ids.paid].map((id) => byId.get(id!))).toEqual([0, 0]);
      const reminders = await rows<{ pdf_file_id: string | null; delivery: number }>(
        sql`SELECT pdf_file_id, delivery FROM invoice_reminders WHERE run_id = ${first.id}`,
      );
      expect(reminders).toHaveLength(3);
      expect(reminders.every((r) => r.pdf_file_id !== null)).toBe(true);
      expect(reminders.filter((r) => Number(r.delivery) === InvoiceDelivery.mail)).toHaveLength(1);
      const mails = await smtp.parsed();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Rappel : facture \d{4}-\d{6}$/);
      expect(mails[0]!.text).toContain('CHF 120.00');
      expect(mails[0]!.attachments[0]!.contentType).toBe('application/pdf');
      expect(mails[0]!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

      const again = await run(1);
      expect(again.reminderCount).toBe(0);
      expect(await smtp.parsed()).toHaveLength(1);
      expect((await preview(manager, 1)).json()).toMatchObject({
        reminderCount: 0,
        omittedByReason: { alreadyReminded: 3 },
      });
    });

    it('sends the second reminder only once the first one’s deadline has passed', async () => {
      expect((await preview(manager, 2)).json()).toMatchObject({
        reminderCount: 0,
        omittedByReason: { firstReminderNotDue: 3 },
      });
      offsetMs = 11 * DAY;
      const second = await run(2);
      expect(second).toMatchObject({ level: 2, reminderCount: 3 });
      const mails = await smtp.parsed();
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toMatch(/^Second rappel : facture/);
      const list = await (await as(manager))({ url: `/api/v1/reminder-run?ClubId=${clubA}` });
      expect(list.json().total).toBe(3);
    });

    it('refuses a run of another club and an invalid level', async () => {
      const other = await (
        await as(otherManager)
      )({
        method: 'POST',
        url: '/api/v1/reminder-run',
        payload: { clubId: clubA, level: 1 },
      });
      expect(other.statusCode).toBe(403);
      const byMember = await (await as(member))({ method: 'POST', url: '/api/v1/reminder-run', payload: { level: 7 } });
      expect(byMember.statusCode).toBe(403);
      const invalid = await (
        await as(manager)
      )({
        method: 'POST',
        url: '/api/v1/reminder-run',
        payload: { clubId: clubA, level: 3 },
      });
      expect(invalid.statusCode).toBe(400);
      // An admin may name any club; one that does not exist is not found (the fuzzer found a 500).
      const admin = await createPerson(t.database.db, { isAdmin: true });
      const unknown = await (
        await as(admin)
      )({
        method: 'POST',
        url: '/api/v1/reminder-run',
        payload: { clubId: '65b2a799-3107-4fd8-958e-340be9285f50', level: 1 },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('event invoices', () => {
    it('invoices each confirmed registration once; the registration is paid when its invoice is', async () => {
      const db = t.database.db;
      const event = await createEvent(db, { responsibleClubId: clubA, title: 'Sommerfest' });
      const address = { street: 'Bundesgasse 3', zip: '3011', city: 'Bern', countryCode: 'CH' };
      const guest = await createRegistration(db, {
        eventId: event.id,
        ...address,
        eventRegistrationState: RegistrationState.Confirmed,
        languageCode: 'it',
      });
      const ofMember = await createRegistration(db, {
        eventId: event.id,
        personId: member.id,
        ...address,
        eventRegistrationState: RegistrationState.Confirmed,
      });
      await createRegistration(db, { eventId: event.id, ...address });
      await createRegistration(db, { eventId: event.id, eventRegistrationState: RegistrationState.Confirmed });

      const preview = await (
        await as(manager)
      )({ url: `/api/v1/event/${event.id}/invoice-run/preview?AmountCentimes=4500` });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        invoiceCount: 2,
        totalCentimes: 9000,
        omittedByReason: { alreadyInvoiced: 0, notConfirmed: 1, noAddress: 1 },
      });
      const invoiceRun = () =>
        as(manager).then((inject) =>
          inject({ method: 'POST', url: `/api/v1/event/${event.id}/invoice-run`, payload: { amountCentimes: 4500 } }),
        );
      const first = await invoiceRun();
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({ invoiceCount: 2, jobId: expect.any(String) });
      expect((await invoiceRun()).json()).toMatchObject({ invoiceCount: 0, jobId: null });

      const invoices = await rows<{
        id: string;
        reference: string;
        registration_id: string;
        text: string;
        total_centimes: number;
      }>(
        sql`SELECT i.id, i.reference, i.registration_id, i.total_centimes, p.text FROM invoices i
          JOIN invoice_positions p ON p.invoice_id = i.id WHERE i.event_id = ${event.id}`,
      );
      expect(invoices).toHaveLength(2);
      expect(invoices.every((i) => Number(i.total_centimes) === 4500)).toBe(true);
      expect(invoices.find((i) => i.registration_id === guest.id)!.text).toMatch(/^Sommerfest, \d{2}\.\d{2}\.\d{4}$/);
      const paymentOf = async (id: string) =>
        (
          await rows<{ payment_state: number; payment_status: number }>(
            sql`SELECT payment_state, payment_status FROM event_registrations WHERE id = ${id}`,
          )
        )[0]!;
      expect(await paymentOf(guest.id)).toMatchObject({
        payment_state: PaymentState.Pending,
        payment_status: PaymentStatus.Unpaid,
      });

      const token = (await signIn(t.app, manager.username, manager.password)).token;
      const reference = invoices.find((i) => i.registration_id === ofMember.id)!.reference;
      const paid = await uploadCamt(
        t.app,
        token,
        camtXml({ fileRef: 'EVT', entries: [{ reference, amount: '45.00' }] }),
      );
      expect(paid.json()).toMatchObject({ matchedCount: 1 });
      expect(await paymentOf(ofMember.id)).toMatchObject({
        payment_state: PaymentState.Successful,
        payment_status: PaymentStatus.Paid,
      });
      expect(await paymentOf(guest.id)).toMatchObject({ payment_status: PaymentStatus.Unpaid });

      // Cancelling the guest's invoice: her registration is no longer invoiced, and a new run invoices it again.
      const guestInvoice = invoices.find((i) => i.registration_id === guest.id)!.id;
      const cancelled = await (
        await as(manager)
      )({ method: 'POST', url: `/api/v1/invoice/${guestInvoice}/cancel`, payload: {} });
      expect(cancelled.statusCode).toBe(200);
      expect(await paymentOf(guest.id)).toMatchObject({
        payment_state: PaymentState.Unavailable,
        payment_status: PaymentStatus.Unpaid,
      });
      expect((await invoiceRun()).json()).toMatchObject({ invoiceCount: 1 });
      expect(await paymentOf(guest.id)).toMatchObject({ payment_state: PaymentState.Pending });

      const refused = await (
        await as(otherManager)
      )({ url: `/api/v1/event/${event.id}/invoice-run/preview?AmountCentimes=4500` });
      expect(refused.statusCode).toBe(403);
      const byMember = await (
        await as(member)
      )({
        method: 'POST',
        url: `/api/v1/event/${event.id}/invoice-run`,
        payload: { amountCentimes: -1 },
      });
      expect(byMember.statusCode).toBe(403);
      const missing = await (
        await as(manager)
      )({
        url: `/api/v1/event/00000000-0000-4000-8000-000000000000/invoice-run/preview?AmountCentimes=1`,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('needs the club’s invoicing settings', async () => {
      const event = await createEvent(t.database.db, { responsibleClubId: clubB });
      await createRegistration(t.database.db, {
        eventId: event.id,
        zip: '3011',
        city: 'Bern',
        eventRegistrationState: RegistrationState.Confirmed,
      });
      const res = await (
        await as(otherManager)
      )({
        method: 'POST',
        url: `/api/v1/event/${event.id}/invoice-run`,
        payload: { amountCentimes: 1000 },
      });
      expect(res.statusCode).toBe(409);
    });
  });
});
