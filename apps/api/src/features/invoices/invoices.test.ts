import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/audit-log';
import { invoices } from '../../db/schema/invoices';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { seedInvoice } from './invoice-test-support';
import { invoiceWorld, scheduleBody, settingsBody } from './invoice-world';

/** A real SMTP peer on loopback that records what it receives. */
async function startSmtpPeer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const YEAR = 2027;

describe('invoices (issue 17): settings, fee runs, PDFs, mails, print batches', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let w: Awaited<ReturnType<typeof invoiceWorld>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    w = await invoiceWorld(t.app, db());
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses an invalid IBAN with a clear message and stores the settings of the finance responsible', async () => {
    const bad = await w.as('finance')({
      method: 'PUT',
      url: `/api/v1/club/${w.clubA.id}/invoice-settings`,
      payload: settingsBody('CH44 3199 9123 0008 8901 3'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors.length).toBeGreaterThan(0);

    const missing = await w.as('finance')({ url: `/api/v1/club/${w.clubA.id}/invoice-settings` });
    expect(missing.statusCode).toBe(404);
    const noSettings = await w.as('finance')({ url: `/api/v1/fee-run/preview?Year=${YEAR}&ClubId=${w.clubA.id}` });
    expect(noSettings.statusCode).toBe(409);
    expect(noSettings.json().errors).toEqual([
      'The club has no invoicing settings (creditor and IBAN) yet. Enter them first.',
    ]);

    const ok = await w.as('finance')({
      method: 'PUT',
      url: `/api/v1/club/${w.clubA.id}/invoice-settings`,
      payload: settingsBody(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ iban: 'CH4431999123000889012', isQrIban: true, referenceType: 'QRR' });
    const noSchedule = await w.as('finance')({ url: `/api/v1/fee-run/preview?Year=${YEAR}&ClubId=${w.clubA.id}` });
    expect(noSchedule.statusCode).toBe(409);

    const schedule = await w.as('database')({
      method: 'PUT',
      url: `/api/v1/club/${w.clubA.id}/fee-schedule/${YEAR}`,
      payload: scheduleBody,
    });
    expect(schedule.statusCode).toBe(200);
    expect((await w.as('finance')({ url: `/api/v1/club/${w.clubA.id}/fee-schedule` })).json()).toMatchObject({
      total: 1,
      items: [{ year: YEAR, singleCentimes: 15000, youngCentimes: 7500 }],
    });
    // The national fee is the association's: admins only.
    const national = { amountCentimes: 4000, youngCentimes: 2000 };
    expect(
      (await w.as('finance')({ method: 'PUT', url: `/api/v1/national-fee/${YEAR}`, payload: national })).statusCode,
    ).toBe(403);
    expect(
      (await w.as('admin')({ method: 'PUT', url: `/api/v1/national-fee/${YEAR}`, payload: national })).statusCode,
    ).toBe(200);
    // Another club's finance responsible sees nothing of club A.
    expect((await w.as('otherFinance')({ url: `/api/v1/club/${w.clubA.id}/invoice-settings` })).statusCode).toBe(403);
    expect(
      (await w.as('otherFinance')({ url: `/api/v1/fee-run/preview?Year=${YEAR}&ClubId=${w.clubA.id}` })).statusCode,
    ).toBe(403);
    const audit = await db().select().from(auditEntries).where(eq(auditEntries.entity, 'invoiceSettings'));
    expect(audit).toHaveLength(1);
  });

  it('previews the run: invoices, total, and who is left out and why', async () => {
    const res = await w.as('finance')({ url: `/api/v1/fee-run/preview?Year=${YEAR}&ClubId=${w.clubA.id}` });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      invoiceCount: 2,
      // young single: 75.00 + 20.00 national; company: 500.00 + 40.00
      clubFeeCentimes: 7500 + 50000,
      nationalFeeCentimes: 2000 + 4000,
      totalCentimes: 63500,
      mailCount: 1,
      printCount: 1,
      omittedByReason: { noFee: 1, alreadyInvoiced: 0, noAddress: 1, notActive: 1 },
      skippedClubs: [],
    });
    expect(preview.omitted.total).toBe(3);
    const reasons = Object.fromEntries(
      preview.omitted.items.map((o: { personId: string; reason: string }) => [o.personId, o.reason]),
    );
    expect(reasons).toEqual({
      [w.others.noFee.id]: 'noFee',
      [w.others.noAddress.id]: 'noAddress',
      [w.others.former.id]: 'notActive',
    });
    const filtered = await w.as('finance')({
      url: `/api/v1/fee-run/preview?Year=${YEAR}&ClubId=${w.clubA.id}&Reason=noAddress&PerPage=1`,
    });
    expect(filtered.json().omitted).toMatchObject({ total: 1, items: [{ personId: w.others.noAddress.id }] });
  });

  it('creates the invoices in a job, renders and mails them, and creates nothing twice', async () => {
    const res = await w.as('finance')({
      method: 'POST',
      url: '/api/v1/fee-run',
      payload: { year: YEAR, clubId: w.clubA.id },
    });
    expect(res.statusCode).toBe(202);
    const run = res.json();
    expect(run.jobId).toBeTruthy();
    await t.app.jobs.runOnce();
    const job = (await w.as('finance')({ url: `/api/v1/jobs/${run.jobId}` })).json();
    expect(job).toMatchObject({ state: 'done' });
    const after = (await w.as('finance')({ url: `/api/v1/fee-run/${run.id}` })).json();
    expect(after).toMatchObject({ invoiceCount: 2, totalCentimes: 63500 });

    const rows = await db().select().from(invoices).where(eq(invoices.feeRunId, run.id));
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.personId === w.people.member.id)!;
    expect(mine).toMatchObject({
      state: 1,
      delivery: 0,
      languageCode: 'fr',
      totalCentimes: 9500,
      referenceType: 'QRR',
      recipientName: 'Yvonne Jung',
      recipientCity: 'Zürich',
    });
    expect(mine.numberText).toMatch(/^\d{4}-\d{6}$/);
    expect(mine.pdfFileId).not.toBeNull();
    const company = rows.find((r) => r.personId === w.others.company.id)!;
    expect(company).toMatchObject({ delivery: 10, totalCentimes: 54000, mailedAt: null });

    // The detail, in her language.
    const detail = (await w.as('member')({ url: `/api/v1/invoice/${mine.id}` })).json();
    expect(detail.positions.map((p: { text: string }) => p.text)).toEqual([
      `Cotisation ${YEAR}, ${w.clubA.name}`,
      `Cotisation nationale ${YEAR}, BPW Switzerland`,
    ]);
    expect(detail).toMatchObject({ openCentimes: 9500, pdfReady: true, currency: 'CHF' });

    // Her mail has the PDF attached and reaches the SMTP peer.
    const [queued] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, w.memberEmail));
    expect(queued!.subject).toBe(`Facture ${mine.numberText} de BPW Club Bern`);
    await t.outbox.runOnce();
    const received = smtp.received.find((m) => m.to.includes(w.memberEmail));
    expect(received).toBeDefined();
    const parsed = await simpleParser(received!.raw);
    expect(parsed.attachments.map((a) => [a.contentType, a.filename])).toEqual([
      ['application/pdf', `facture-${mine.numberText}.pdf`],
    ]);
    expect(parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    // Running it again creates nothing: everybody is already invoiced.
    const preview = (
      await w.as('finance')({ url: `/api/v1/fee-run/preview?Year=${YEAR}&ClubId=${w.clubA.id}` })
    ).json();
    expect(preview).toMatchObject({ invoiceCount: 0, omittedByReason: { alreadyInvoiced: 2 } });
    const again = (
      await w.as('database')({ method: 'POST', url: '/api/v1/fee-run', payload: { year: YEAR, clubId: w.clubA.id } })
    ).json();
    await t.app.jobs.runOnce();
    expect((await w.as('finance')({ url: `/api/v1/fee-run/${again.id}` })).json().invoiceCount).toBe(0);
    expect(await db().select().from(invoices).where(eq(invoices.clubId, w.clubA.id))).toHaveLength(2);
    expect((await w.as('finance')({ url: `/api/v1/fee-run?ClubId=${w.clubA.id}` })).json().total).toBe(2);
  });

  it('serves the PDF to the member and her club, 409 while it is not made, 403 to others', async () => {
    const [mine] = await db().select().from(invoices).where(eq(invoices.personId, w.people.member.id));
    const pdf = await w.as('member')({ url: `/api/v1/invoice/${mine!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${mine!.numberText}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await w.as('database')({ url: `/api/v1/invoice/${mine!.id}/pdf` })).statusCode).toBe(200);
    expect((await w.as('otherFinance')({ url: `/api/v1/invoice/${mine!.id}/pdf` })).statusCode).toBe(403);
    expect((await w.as('otherFinance')({ url: `/api/v1/invoice/${mine!.id}` })).statusCode).toBe(403);
    expect((await w.as('finance')({ url: `/api/v1/invoice/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(
      404,
    );

    const fresh = await seedInvoice(db(), { clubId: w.clubA.id, personId: w.people.member.id });
    const notYet = await w.as('member')({ url: `/api/v1/invoice/${fresh}/pdf` });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.headers['retry-after']).toBe('5');
    expect(notYet.json().errors).toEqual(['Le PDF est en cours de création. Réessayez dans un instant.']);

    const own = (await w.as('member')({ url: '/api/v1/me/invoice' })).json();
    expect(own.total).toBe(2);
    expect(own.items[0]).toMatchObject({ id: fresh, pdfReady: false });
    expect((await w.as('otherFinance')({ url: '/api/v1/me/invoice' })).json().total).toBe(0);
  });

  it('cancels an unpaid invoice once, and refuses others', async () => {
    const id = await seedInvoice(db(), { clubId: w.clubA.id, personId: null });
    expect(
      (await w.as('otherFinance')({ method: 'POST', url: `/api/v1/invoice/${id}/cancel`, payload: {} })).statusCode,
    ).toBe(403);
    const res = await w.as('finance')({
      method: 'POST',
      url: `/api/v1/invoice/${id}/cancel`,
      payload: { reason: 'Doppelt' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 4, cancelReason: 'Doppelt', openCentimes: 0 });
    const again = await w.as('finance')({ method: 'POST', url: `/api/v1/invoice/${id}/cancel`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Only an issued invoice on which nothing has been paid can be cancelled.']);
  });

  it('mails an invoice again on request, and gathers the printed ones of a run into one PDF', async () => {
    const [mine] = await db().select().from(invoices).where(eq(invoices.personId, w.people.member.id)).limit(1);
    const send = await w.as('finance')({ method: 'POST', url: `/api/v1/invoice/${mine!.id}/send` });
    expect(send.statusCode).toBe(202);

    const [run] = (await w.as('finance')({ url: `/api/v1/fee-run?ClubId=${w.clubA.id}` })).json().items.slice(-1);
    const created = await w.as('finance')({
      method: 'POST',
      url: '/api/v1/invoice-print-batch',
      payload: { feeRunId: run.id },
    });
    expect(created.statusCode).toBe(202);
    const batch = created.json();
    expect((await w.as('finance')({ url: `/api/v1/invoice-print-batch/${batch.id}/pdf` })).statusCode).toBe(409);
    await t.app.jobs.runOnce();
    expect((await w.as('finance')({ url: `/api/v1/invoice-print-batch/${batch.id}` })).json()).toMatchObject({
      ready: true,
      documentCount: 1,
    });
    const pdf = await w.as('finance')({ url: `/api/v1/invoice-print-batch/${batch.id}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect((await w.as('otherFinance')({ url: `/api/v1/invoice-print-batch/${batch.id}` })).statusCode).toBe(403);
    const clubs = (await w.as('finance')({ url: '/api/v1/invoice-clubs' })).json();
    expect(clubs).toEqual({ isAllClubs: false, clubs: [{ id: w.clubA.id, name: w.clubA.name }] });
    expect((await w.as('member')({ url: '/api/v1/invoice-clubs' })).json()).toEqual({ isAllClubs: false, clubs: [] });
  });
});
