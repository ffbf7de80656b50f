import { InvoiceState } from '@bpw/domain/enums/invoice';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { camtXml } from './camt-test-support';
import { createInvoiceSettings, createTestInvoice, uploadCamt } from './payments-test-support';

describe('payments (issue 17): camt.054 import, unmatched credits, manual payments', () => {
  let t: TestApp;
  let clubA: string;
  let clubB: string;
  let manager: CreatedPerson;
  let finance: CreatedPerson;
  let otherManager: CreatedPerson;
  let member: CreatedPerson;
  let admin: CreatedPerson;
  const tokens = new Map<CreatedPerson, string>();
  const tokenOf = async (person: CreatedPerson) => {
    if (!tokens.has(person)) tokens.set(person, (await signIn(t.app, person.username, person.password)).token);
    return tokens.get(person)!;
  };
  const as = async (person: CreatedPerson) => injectAs(t.app, await tokenOf(person));
  const count = async (table: string) =>
    Number(
      (
        (await t.database.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`))) as unknown as {
          rows: { n: string }[];
        }
      ).rows[0]!.n,
    );
  const detail = async (id: string) => (await (await as(manager))({ url: `/api/v1/invoice/${id}` })).json();
  const invoiceRow = async (id: string) =>
    (
      (await t.database.db.execute(sql`SELECT state, paid_centimes FROM invoices WHERE id = ${id}`)) as unknown as {
        rows: { state: number; paid_centimes: number }[];
      }
    ).rows[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    await createInvoiceSettings(db, clubA);
    manager = await createPerson(db, { clubId: clubA, type: 'database', languageCode: 'fr' });
    finance = await createPerson(db, { clubId: clubA, type: 'finance', languageCode: 'en' });
    otherManager = await createPerson(db, { clubId: clubB, type: 'database' });
    member = await createPerson(db, { clubId: clubA });
    admin = await createPerson(db, { isAdmin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('books credits by their reference: paid, partly paid, surplus, unmatched; the same file twice books nothing twice', async () => {
    const exact = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 12000 });
    const partly = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 12000 });
    const surplus = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 5000 });
    const xml = camtXml({
      fileRef: 'TWICE',
      entries: [
        { reference: exact.reference, amount: '120.00', debtorName: 'Anna Muster' },
        [
          { reference: partly.reference, amount: '50.00' },
          { reference: surplus.reference, amount: '60.00' },
          { reference: '000000000000000000000000000', amount: '10.00', debtorName: 'Unbekannt' },
          { reference: null, amount: '7.00' },
        ],
        { reference: exact.reference, amount: '99.00', indicator: 'DBIT' },
      ],
    });
    const first = await uploadCamt(t.app, await tokenOf(finance), xml, { locale: 'en-US' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      clubId: clubA,
      format: 'camt.054.001.08',
      creditCount: 5,
      matchedCount: 3,
      unmatchedCount: 2,
      duplicateCount: 0,
      partlyPaidCount: 1,
      surplusCount: 1,
      skippedCount: 1,
      totalCentimes: 24700,
      jobId: null,
    });
    expect(first.json().notes).toEqual(
      expect.arrayContaining([
        '3 credits were matched by their reference and booked.',
        expect.stringContaining('2 credits match no invoice'),
        expect.stringContaining('1 of them pay less than the open amount'),
        expect.stringContaining('1 of them pay more than the invoice amount'),
      ]),
    );
    expect(await invoiceRow(exact.id)).toMatchObject({ state: InvoiceState.paid, paid_centimes: 12000 });
    expect(await invoiceRow(partly.id)).toMatchObject({ state: InvoiceState.partlyPaid, paid_centimes: 5000 });
    expect(await invoiceRow(surplus.id)).toMatchObject({ state: InvoiceState.paid, paid_centimes: 6000 });
    const payments = await count('invoice_payments');

    const again = await uploadCamt(t.app, await tokenOf(finance), xml);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ creditCount: 5, matchedCount: 0, unmatchedCount: 0, duplicateCount: 5 });
    expect(await count('invoice_payments')).toBe(payments);
    expect(await invoiceRow(exact.id)).toMatchObject({ paid_centimes: 12000 });
    expect(await invoiceRow(partly.id)).toMatchObject({ paid_centimes: 5000 });

    const imported = await (await as(manager))({ url: `/api/v1/payment-import/${first.json().id}?PerPage=2` });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().credits.total).toBe(5);
    expect(imported.json().credits.items).toHaveLength(2);
  });

  it('reads the older Swiss camt.054.001.04 as well', async () => {
    const invoice = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 8000 });
    const res = await uploadCamt(
      t.app,
      await tokenOf(manager),
      camtXml({ version: 4, fileRef: 'V04', entries: [{ reference: invoice.reference, amount: '80.00' }] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'camt.054.001.04', matchedCount: 1 });
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: InvoiceState.paid });
  });

  it('refuses a file that is not XML or not camt.054 with a clear message in her language, storing nothing', async () => {
    const imports = await count('payment_imports');
    const credits = await count('bank_credits');
    const csv = await uploadCamt(t.app, await tokenOf(manager), 'Datum;Betrag\n01.03.2026;120.00\n', {
      locale: 'fr-CH',
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.headers['content-type']).toContain('application/problem+json');
    expect(csv.json().errors).toEqual([expect.stringContaining("n'est pas un fichier XML")]);
    const statement = await uploadCamt(
      t.app,
      await tokenOf(admin),
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>',
      { locale: 'de-CH' },
    );
    expect(statement.statusCode).toBe(400);
    expect(statement.json().errors).toEqual([expect.stringContaining('keine camt.054-Gutschriftsanzeige')]);
    const badAmount = await uploadCamt(
      t.app,
      await tokenOf(finance),
      camtXml({ fileRef: 'BAD', entries: [{ reference: null, amount: '12.345' }] }),
      { locale: 'en-US' },
    );
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().errors).toEqual([expect.stringContaining('amount that cannot be read')]);
    expect(await count('payment_imports')).toBe(imports);
    expect(await count('bank_credits')).toBe(credits);
  });

  it('is for the managers of the club whose account the file names', async () => {
    const xml = camtXml({ fileRef: 'WHO', entries: [{ reference: null, amount: '1.00' }] });
    expect((await uploadCamt(t.app, await tokenOf(member), xml)).statusCode).toBe(403);
    expect((await uploadCamt(t.app, await tokenOf(otherManager), xml)).statusCode).toBe(403);
    expect((await uploadCamt(t.app, await tokenOf(otherManager), xml, { clubId: clubA })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/payment-import' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists unmatched credits of her clubs for assignment by hand, and books an assignment once', async () => {
    const invoice = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 3000 });
    await uploadCamt(
      t.app,
      await tokenOf(manager),
      camtXml({ fileRef: 'UNM', entries: [{ reference: null, amount: '30.00', debtorName: 'Barbara Beispiel' }] }),
    );
    const list = await (await as(manager))({ url: `/api/v1/payment/unmatched?ClubId=${clubA}&PerPage=100` });
    expect(list.statusCode).toBe(200);
    const credit = list.json().items.find((c: { debtorName: string }) => c.debtorName === 'Barbara Beispiel');
    expect(credit).toMatchObject({ amountCentimes: 3000, state: 'unmatched', unmatchedReason: 'noReference' });
    expect((await (await as(otherManager))({ url: `/api/v1/payment/unmatched?ClubId=${clubA}` })).statusCode).toBe(403);
    const theirs = await (await as(otherManager))({ url: '/api/v1/payment/unmatched' });
    expect(theirs.json().items.some((c: { id: string }) => c.id === credit.id)).toBe(false);

    const assign = (person: CreatedPerson) =>
      as(person).then((inject) =>
        inject({
          method: 'POST',
          url: `/api/v1/payment/unmatched/${credit.id}/assign`,
          payload: { invoiceId: invoice.id },
        }),
      );
    expect((await assign(otherManager)).statusCode).toBe(403);
    const assigned = await assign(finance);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ state: 'assigned', invoiceId: invoice.id, invoiceNumber: invoice.number });
    expect(await invoiceRow(invoice.id)).toMatchObject({ state: InvoiceState.paid, paid_centimes: 3000 });
    const twice = await assign(finance);
    expect(twice.statusCode).toBe(409);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paid_centimes: 3000 });
  });

  it('sets an unmatched credit aside', async () => {
    await uploadCamt(
      t.app,
      await tokenOf(manager),
      camtXml({ fileRef: 'IGN', entries: [{ reference: null, amount: '5.00', debtorName: 'Zurück' }] }),
    );
    const list = await (await as(manager))({ url: `/api/v1/payment/unmatched?PerPage=100` });
    const credit = list.json().items.find((c: { debtorName: string }) => c.debtorName === 'Zurück');
    const ignored = await (await as(manager))({ method: 'POST', url: `/api/v1/payment/unmatched/${credit.id}/ignore` });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().state).toBe('ignored');
    const after = await (await as(manager))({ url: `/api/v1/payment/unmatched?PerPage=100` });
    expect(after.json().items.some((c: { id: string }) => c.id === credit.id)).toBe(false);
  });

  it('books manual payments: partly paid, then paid; a repeated request with its Idempotency-Key books once', async () => {
    const invoice = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 10000 });
    const pay = async (person: CreatedPerson, amountCentimes: number, key?: string) =>
      (await as(person))({
        method: 'POST',
        url: `/api/v1/invoice/${invoice.id}/payment`,
        headers: key ? { 'idempotency-key': key } : {},
        payload: { amountCentimes, paidOn: '2026-03-01', note: 'Bar am Anlass' },
      });
    const first = await pay(finance, 4000, 'k-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ state: InvoiceState.partlyPaid, paidCentimes: 4000, openCentimes: 6000 });
    expect((await pay(finance, 4000, 'k-1')).json()).toMatchObject({ paidCentimes: 4000 });
    const second = await pay(manager, 7000);
    expect(second.json()).toMatchObject({ state: InvoiceState.paid, paidCentimes: 11000, surplusCentimes: 1000 });
    expect((await detail(invoice.id)).payments).toHaveLength(2);
    expect((await pay(member, 100)).statusCode).toBe(403);
    expect((await pay(otherManager, 100)).statusCode).toBe(403);
    const invalid = await (
      await as(manager)
    )({
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/payment`,
      payload: { amountCentimes: -5, paidOn: 'gestern' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses a payment to a cancelled invoice', async () => {
    const invoice = await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 10000 });
    await t.database.db.execute(sql`UPDATE invoices SET state = ${InvoiceState.cancelled} WHERE id = ${invoice.id}`);
    const res = await (
      await as(admin)
    )({
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/payment`,
      payload: { amountCentimes: 100, paidOn: '2026-03-01' },
    });
    expect(res.statusCode).toBe(409);
    const viaFile = await uploadCamt(
      t.app,
      await tokenOf(admin),
      camtXml({ fileRef: 'CNL', entries: [{ reference: invoice.reference, amount: '100.00' }] }),
      { clubId: clubA },
    );
    expect(viaFile.json()).toMatchObject({ matchedCount: 0, unmatchedCount: 1 });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paid_centimes: 0 });
  });

  it('books a large file as a job, batch by batch, with progress', async () => {
    const invoices: Awaited<ReturnType<typeof createTestInvoice>>[] = [];
    for (let i = 0; i < 3; i++)
      invoices.push(await createTestInvoice(t.database.db, { clubId: clubA, totalCentimes: 100 }));
    const entries = Array.from({ length: 620 }, (_, i) => ({
      reference: i < 3 ? invoices[i]!.reference : null,
      amount: '1.00',
      bankRef: `BIG-${i}`,
    }));
    const res = await uploadCamt(t.app, await tokenOf(manager), camtXml({ fileRef: 'BIG', entries }));
    expect(res.statusCode).toBe(202);
    expect(res.json().jobId).toEqual(expect.any(String));
    await t.app.jobs.runOnce();
    const job = await (await as(manager))({ url: `/api/v1/jobs/${res.json().jobId}` });
    expect(job.json()).toMatchObject({ state: 'done', done: 620, total: 620 });
    const imported = await (await as(manager))({ url: `/api/v1/payment-import/${res.json().id}` });
    expect(imported.json()).toMatchObject({ creditCount: 620, matchedCount: 3, unmatchedCount: 617 });
    for (const invoice of invoices) expect(await invoiceRow(invoice.id)).toMatchObject({ state: InvoiceState.paid });
    const list = await (await as(manager))({ url: `/api/v1/payment-import?ClubId=${clubA}` });
    expect(list.json().items[0].id).toBe(res.json().id);
  });
});
