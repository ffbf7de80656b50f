import { InvoiceState } from '@bpw/domain/enums/invoice';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { webhookInvoiceSchema } from '@bpw/domain/schemas/webhook';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createPerson,
  createRegistration,
  injectAs,
  signIn,
} from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { webhookSubscriptions } from '../../src/db/schema/webhooks';
import { type Receiver, startReceiver } from '../../src/features/webhooks/webhook-test-support';
import { seedFeeSchedule } from '../../src/features/invoices/invoice-test-support';
import { giveAddress } from '../../src/features/invoices/invoice-world';
import { camtXml } from '../../src/features/payments/camt-test-support';
import {
  createInvoiceSettings,
  createTestInvoice,
  uploadCamt,
} from '../../src/features/payments/payments-test-support';

type Delivery = { type: string; data: Record<string, unknown> };

/**
 * Issue 17 with issue 26: `invoice.paid` when an invoice becomes paid (a camt booking, a manual
 * payment, an unmatched credit assigned by hand), once per invoice; `invoice.issued` for the
 * invoices of an event run. Recorded in the booking's transaction, sent by the webhook outbox.
 */
describe('invoice webhooks (issues 17 and 26): invoice.paid once per invoice, invoice.issued', () => {
  let t: TestApp;
  let receiver: Receiver;
  let clubA: string;
  let clubB: string;
  let managerA: CreatedPerson;
  let managerB: CreatedPerson;
  let finance: CreatedPerson;
  let admin: CreatedPerson;
  let personId: string;
  const tokens = new Map<CreatedPerson, string>();
  const tokenOf = async (person: CreatedPerson) => {
    if (!tokens.has(person)) tokens.set(person, (await signIn(t.app, person.username, person.password)).token);
    return tokens.get(person)!;
  };
  const as = async (person: CreatedPerson) => injectAs(t.app, await tokenOf(person));

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    await createInvoiceSettings(db, clubA);
    managerA = await createPerson(db, { clubId: clubA, type: 'database' });
    managerB = await createPerson(db, { clubId: clubB, type: 'database' });
    finance = await createPerson(db, { clubId: clubA, type: 'finance' });
    admin = await createPerson(db, { isAdmin: true });
    personId = (await createPerson(db, { clubId: clubA, hasAccount: false })).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.reset();
    await t.database.db.delete(webhookSubscriptions);
  });

  /** A subscription of the club (its manager) or of the association (admin), to our receiver: its URL path. */
  async function subscribe(person: CreatedPerson, clubId: string | null, events: string[], name: string) {
    const res = await (
      await as(person)
    )({ method: 'POST', url: '/api/v1/webhook', payload: { clubId, url: `${receiver.url}/${name}`, events } });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** Sends what is due and answers what each subscription received, by its name. */
  async function deliveries(): Promise<Record<string, Delivery[]>> {
    await t.app.webhooks.runOnce();
    const byName: Record<string, Delivery[]> = {};
    for (const r of receiver.received) {
      const name = r.path.split('/').pop()!;
      (byName[name] ??= []).push(JSON.parse(r.body) as Delivery);
    }
    return byName;
  }

  const paidIds = (list: Delivery[] | undefined) =>
    (list ?? []).filter((d) => d.type === 'invoice.paid').map((d) => d.data.id);

  it('sends invoice.paid once per invoice that a camt file pays, also when the same file is read twice', async () => {
    await subscribe(managerA, clubA, ['invoice.paid'], 'club');
    await subscribe(managerB, clubB, ['invoice.paid'], 'other');
    await subscribe(admin, null, ['invoice.paid'], 'association');
    const exact = await createTestInvoice(t.database.db, { clubId: clubA, personId, totalCentimes: 12000 });
    const partly = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 12000 });
    const xml = camtXml({
      fileRef: 'HOOK-TWICE',
      entries: [
        { reference: exact.reference, amount: '120.00', bookingDate: '2026-03-02' },
        { reference: partly.reference, amount: '50.00' },
      ],
    });
    expect((await uploadCamt(t.app, await tokenOf(finance), xml)).statusCode).toBe(201);
    const again = await uploadCamt(t.app, await tokenOf(finance), xml);
    expect(again.json()).toMatchObject({ matchedCount: 0, duplicateCount: 2 });

    const received = await deliveries();
    expect(paidIds(received.club)).toEqual([exact.id]);
    expect(paidIds(received.association)).toEqual([exact.id]);
    expect(received.other).toBeUndefined();
    // What an accounting tool books, and nothing of her but her id.
    const data = received.club![0]!.data;
    expect(webhookInvoiceSchema.strict().parse(data)).toEqual({
      id: exact.id,
      number: exact.number,
      kind: 'fee',
      clubId: clubA,
      personId,
      registrationId: null,
      state: InvoiceState.paid,
      currency: 'CHF',
      totalCentimes: 12000,
      paidCentimes: 12000,
      issueDate: '2026-01-15',
      dueDate: '2026-02-14',
      paidOn: '2026-03-02',
      reference: exact.reference,
    });

    // A manual payment of the rest makes the partly paid one paid: its event now; a surplus on
    // the paid one is no second event.
    receiver.reset();
    const rest = await (
      await as(finance)
    )({
      method: 'POST',
      url: `/api/v1/invoice/${partly.id}/payment`,
      payload: { amountCentimes: 7000, paidOn: '2026-03-05', note: null },
    });
    expect(rest.statusCode, rest.body).toBeLessThan(300);
    const surplus = await (
      await as(finance)
    )({
      method: 'POST',
      url: `/api/v1/invoice/${exact.id}/payment`,
      payload: { amountCentimes: 500, paidOn: '2026-03-06', note: null },
    });
    expect(surplus.statusCode, surplus.body).toBeLessThan(300);
    const later = await deliveries();
    expect(paidIds(later.club)).toEqual([partly.id]);
    expect(later.club![0]!.data).toMatchObject({ paidCentimes: 12000, paidOn: '2026-03-05', personId: null });
    expect(paidIds(later.association)).toEqual([partly.id]);
  });

  it('sends invoice.paid when an unmatched credit is assigned by hand, and not for a rolled-back booking', async () => {
    await subscribe(managerA, clubA, ['invoice.paid'], 'club');
    const invoice = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 3000 });
    const upload = await uploadCamt(
      t.app,
      await tokenOf(finance),
      camtXml({ fileRef: 'HOOK-ASSIGN', entries: [{ reference: null, amount: '30.00' }] }),
      { clubId: clubA },
    );
    expect(upload.json()).toMatchObject({ unmatchedCount: 1 });
    expect(await deliveries()).toEqual({});
    const unmatched = (await (await as(finance))({ url: `/api/v1/payment/unmatched?ClubId=${clubA}` })).json();
    const creditId = (unmatched.items as { id: string; amountCentimes: number }[]).find(
      (c) => c.amountCentimes === 3000,
    )!.id;
    // An assignment to an invoice she may not book (another club's) is refused: nothing recorded.
    const foreign = await createTestInvoice(t.database.db, { clubId: clubB, totalCentimes: 3000 });
    const refused = await (
      await as(finance)
    )({ method: 'POST', url: `/api/v1/payment/unmatched/${creditId}/assign`, payload: { invoiceId: foreign.id } });
    expect(refused.statusCode).toBe(400);
    const assigned = await (
      await as(finance)
    )({ method: 'POST', url: `/api/v1/payment/unmatched/${creditId}/assign`, payload: { invoiceId: invoice.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const received = await deliveries();
    expect(paidIds(received.club)).toEqual([invoice.id]);
  });

  it('sends invoice.issued for each invoice of an event run, to the subscriptions that name it', async () => {
    await subscribe(managerA, clubA, ['invoice.paid'], 'club');
    await subscribe(admin, null, ['invoice.issued', 'invoice.paid'], 'association');
    const db = t.database.db;
    const event = await createEvent(db, { responsibleClubId: clubA });
    const address = { street: 'Langstrasse 1', zip: '8004', city: 'Zürich', countryCode: 'CH' };
    const confirmed = [
      await createRegistration(db, {
        eventId: event.id,
        eventRegistrationState: RegistrationState.Confirmed,
        ...address,
      }),
      await createRegistration(db, {
        eventId: event.id,
        eventRegistrationState: RegistrationState.Confirmed,
        ...address,
      }),
    ];
    await createRegistration(db, { eventId: event.id, ...address });
    const run = await (
      await as(finance)
    )({ method: 'POST', url: `/api/v1/event/${event.id}/invoice-run`, payload: { amountCentimes: 4500 } });
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json().invoiceCount).toBe(2);
    const received = await deliveries();
    expect(received.club).toBeUndefined();
    const issued = received.association!.filter((d) => d.type === 'invoice.issued');
    expect(issued.map((d) => d.data.registrationId).sort()).toEqual(confirmed.map((r) => r.id).sort());
    expect(issued[0]!.data).toMatchObject({
      kind: 'event',
      state: InvoiceState.issued,
      totalCentimes: 4500,
      paidOn: null,
    });
    // Running again invoices nobody new and records nothing.
    receiver.reset();
    await (
      await as(finance)
    )({ method: 'POST', url: `/api/v1/event/${event.id}/invoice-run`, payload: { amountCentimes: 4500 } });
    expect(await deliveries()).toEqual({});
    const count = (await db.execute(
      sql`SELECT count(*)::int AS n FROM webhook_messages WHERE event_type = 'invoice.issued'`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(2);
  });

  it("sends invoice.issued for a fee run's invoices, made by its job", async () => {
    await subscribe(managerA, clubA, ['invoice.issued'], 'club');
    const db = t.database.db;
    await seedFeeSchedule(db, clubA, 2030);
    await giveAddress(db, personId);
    const run = await (
      await as(finance)
    )({ method: 'POST', url: '/api/v1/fee-run', payload: { year: 2030, clubId: clubA } });
    expect(run.statusCode, run.body).toBe(202);
    await t.app.jobs.runOnce();
    const received = await deliveries();
    const issued = (received.club ?? []).filter((d) => d.type === 'invoice.issued');
    expect(issued.map((d) => d.data.personId)).toContain(personId);
    expect(issued.find((d) => d.data.personId === personId)!.data).toMatchObject({
      kind: 'fee',
      clubId: clubA,
      state: InvoiceState.issued,
      totalCentimes: 15000,
      paidCentimes: 0,
      paidOn: null,
    });
  });
});
