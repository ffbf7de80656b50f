import { InvoiceDelivery, InvoiceState } from '@bpw/domain/enums/invoice';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, injectAs, isoDay, signIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { auditEntries } from '../../src/db/schema/audit-log';
import { clubRelations } from '../../src/db/schema/clubs';
import { invoicePositions, invoices } from '../../src/db/schema/invoices';
import { jobs } from '../../src/db/schema/jobs';
import { membershipApplications } from '../../src/db/schema/applications';
import { webhookMessages, webhookSubscriptions } from '../../src/db/schema/webhooks';
import { seedFeeSchedule, seedInvoiceSettings } from '../../src/features/invoices/invoice-test-support';
import {
  applicationWorld,
  applyAndConfirm,
  formBody,
  putForm,
} from '../../src/features/applications/application-test-support';

/**
 * Issue 25 with issue 17: "once fees exist, a club with a fee schedule is offered her first
 * invoice". Accepting with `createFirstInvoice` makes her fee invoice of the year by the fee
 * run's rules in the acceptance's transaction; when the rules make none, the acceptance stands
 * and the answer says why (docs/decisions/applications.md).
 */
describe('the first invoice on acceptance (issues 25 and 17)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof applicationWorld>>;
  const today = isoDay();
  const year = Number(today.slice(0, 4));
  const db = () => t.database.db;
  const as = (token: string) => injectAs(t.app, token);

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    w = await applicationWorld(t.app, t.database.db);
    expect((await putForm(t.app, w.tokens.manager, w.club.id, formBody({ membershipTypes: [0, 1] }))).statusCode).toBe(
      200,
    );
    expect((await putForm(t.app, w.tokens.admin, null, formBody())).statusCode).toBe(200);
    await seedInvoiceSettings(db(), w.club.id);
    // 150.00 single, 75.00 young; no national fee for the year.
    await seedFeeSchedule(db(), w.club.id, year);
  });
  afterAll(() => t.close());

  const accept = (id: string, payload: Record<string, unknown>, token = w.tokens.manager) =>
    as(token)({ method: 'PUT', url: `/api/v1/application/${id}/accept`, payload });

  it('makes her invoice of the year with her membership amount, and it is mailed by the documents job', async () => {
    await db()
      .insert(webhookSubscriptions)
      .values({ clubId: w.club.id, url: 'http://127.0.0.1:9/hook', events: ['invoice.issued'], secret: 'whsec_x' });
    const { id } = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
    const res = await accept(id, { membershipType: 0, from: today, createFirstInvoice: true });
    expect(res.statusCode, res.body).toBe(200);
    const { personId, firstInvoice } = res.json();
    expect(firstInvoice).toMatchObject({
      year,
      invoice: { number: expect.stringMatching(/^\d{4}-\d{6}$/), totalCentimes: 15000, delivery: InvoiceDelivery.mail },
      omittedReason: null,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, firstInvoice.invoice.id));
    expect(invoice).toMatchObject({
      kind: 'fee',
      personId,
      clubId: w.club.id,
      feeYear: year,
      state: InvoiceState.issued,
      feeRunId: null,
      recipientZip: '3003',
      recipientCity: 'Bern',
      // Her correspondence language (the application's).
      languageCode: 'it',
    });
    const positions = await db().select().from(invoicePositions).where(eq(invoicePositions.invoiceId, invoice!.id));
    expect(positions).toMatchObject([{ kind: 'clubFee', amountCentimes: 15000 }]);
    // Its PDF and mail come from the documents job, queued in the same transaction.
    const queued = await db().select().from(jobs).where(eq(jobs.kind, 'invoice-documents'));
    expect(queued.map((j) => j.params)).toContainEqual({ scope: { invoiceIds: [invoice!.id] } });
    // invoice.issued for the club's subscription; her trail names the invoice.
    const messages = await db().select().from(webhookMessages).where(eq(webhookMessages.resourceId, invoice!.id));
    expect(messages).toMatchObject([{ eventType: 'invoice.issued', resourceType: 'invoice' }]);
    const audit = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'invoice'), eq(auditEntries.entityId, invoice!.id)));
    expect(audit).toMatchObject([{ action: 'created', subjectPersonId: personId }]);

    // The fee run of the year then leaves her out as invoiced: one invoice per person, club and year.
    const finance = await createPerson(db(), { clubId: w.club.id, type: 'finance' });
    const token = (await signIn(t.app, finance.username, finance.password)).token;
    const preview = await as(token)({ url: `/api/v1/fee-run/preview?Year=${year}&ClubId=${w.club.id}&PerPage=0` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().omitted.items).toContainEqual(
      expect.objectContaining({ personId, reason: 'alreadyInvoiced' }),
    );
  });

  it('gives the young reduction as the fee run does', async () => {
    const { id } = await applyAndConfirm(t.app, db(), {
      clubId: w.club.id,
      token: w.tokens.manager,
      body: { birthday: `${year - 20}-06-01` },
    });
    const res = await accept(id, { membershipType: 0, from: today, createFirstInvoice: true });
    expect(res.json().firstInvoice).toMatchObject({ invoice: { totalCentimes: 7500 } });
  });

  it('accepts her all the same and says why when the rules make no invoice', async () => {
    // Single without fee: nothing to pay.
    const noFee = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
    const free = await accept(noFee.id, { membershipType: 1, from: today, createFirstInvoice: true });
    expect(free.statusCode).toBe(200);
    expect(free.json().firstInvoice).toEqual({ year, invoice: null, omittedReason: 'noFee' });
    const relations = await db().select().from(clubRelations).where(eq(clubRelations.personId, free.json().personId));
    expect(relations).toMatchObject([{ clubId: w.club.id, type: 1 }]);
    expect(await db().select().from(invoices).where(eq(invoices.personId, free.json().personId))).toEqual([]);

    // From next year: that year's schedule counts, and there is none yet.
    const later = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
    const nextYear = await accept(later.id, { membershipType: 0, from: `${year + 1}-01-01`, createFirstInvoice: true });
    expect(nextYear.json().firstInvoice).toEqual({ year: year + 1, invoice: null, omittedReason: 'noSchedule' });
    expect(await db().select().from(membershipApplications).where(eq(membershipApplications.id, later.id))).toEqual([]);

    // A club without invoicing settings (an association application placed there by an admin).
    const association = await applyAndConfirm(t.app, db(), { clubId: null, token: w.tokens.admin });
    const placed = await accept(
      association.id,
      { clubId: w.otherClub.id, membershipType: 0, from: today, createFirstInvoice: true },
      w.tokens.admin,
    );
    expect(placed.statusCode).toBe(200);
    expect(placed.json().firstInvoice).toEqual({ year, invoice: null, omittedReason: 'noSettings' });
  });

  it('finds her invoiced already when she, a known member, has an invoice of the year', async () => {
    const club = w.club.id;
    const { id: first, body } = await applyAndConfirm(t.app, db(), {
      clubId: club,
      token: w.tokens.manager,
      body: { lastname: 'Bekannt' },
    });
    const res = await accept(first, { membershipType: 0, from: today, createFirstInvoice: true });
    expect(res.json()).toMatchObject({ isNewPerson: true, firstInvoice: { invoice: { totalCentimes: 15000 } } });
    // She applies again (a second application of the same address): already invoiced this year.
    const { id: second } = await applyAndConfirm(t.app, db(), {
      clubId: club,
      token: w.tokens.manager,
      body: { lastname: body.lastname, email: body.email },
    });
    const again = await accept(second, { membershipType: 0, from: today, createFirstInvoice: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      personId: res.json().personId,
      isNewPerson: false,
      firstInvoice: { invoice: null, omittedReason: 'alreadyInvoiced' },
    });
  });

  it('makes no invoice unless asked, and the answer is as before', async () => {
    const { id } = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
    const res = await accept(id, { membershipType: 0, from: today });
    expect(Object.keys(res.json()).sort()).toEqual(['isNewPerson', 'personId']);
    expect(await db().select().from(invoices).where(eq(invoices.personId, res.json().personId))).toEqual([]);
  });
});
