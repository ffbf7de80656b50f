import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import type { Db } from '../../db/client';
import { invoiceSettings } from '../../db/schema/invoices';
import { multipartBody } from '../../../test/uploads';
import { findInvoice, insertInvoices } from '../invoices/invoice-shared.service';

/** Test data of the payments feature: a club's invoicing account and invoices, uploads of camt files. */

/** The QR-IBAN of the Swiss Implementation Guidelines' examples (QRR references). */
export const TEST_QR_IBAN = 'CH4431999123000889012';
/** An ordinary IBAN (SCOR references). */
export const TEST_IBAN = 'CH9300762011623852957';

export async function createInvoiceSettings(db: Db, clubId: string, iban = TEST_QR_IBAN) {
  await db.insert(invoiceSettings).values({
    clubId,
    creditorName: 'BPW Testclub',
    street: 'Bundesgasse',
    buildingNumber: '3',
    zip: '3011',
    city: 'Bern',
    countryCode: 'CH',
    iban,
    paymentTermDays: 30,
  });
}

/** An issued invoice of `totalCentimes` (one position); answers its id, number and reference. */
export async function createTestInvoice(
  db: Db,
  options: {
    clubId: string;
    personId?: string | null;
    totalCentimes?: number;
    issueDate?: string;
    dueDate?: string;
    iban?: string;
    lastname?: string;
    email?: string | null;
    delivery?: number;
    languageCode?: 'de' | 'fr' | 'it' | 'en';
    feeYear?: number;
  },
) {
  const issueDate = options.issueDate ?? '2026-01-15';
  const lastname = options.lastname ?? 'Muster';
  const [id] = await insertInvoices(db, [
    {
      kind: 'fee',
      clubId: options.clubId,
      personId: options.personId ?? null,
      year: Number(issueDate.slice(0, 4)),
      feeYear: options.feeYear ?? null,
      recipient: {
        name: `Anna ${lastname}`,
        sortName: `${lastname}\u0001Anna`,
        company: null,
        addressLine: null,
        street: 'Bahnhofstrasse',
        buildingNumber: '1',
        zip: '8001',
        city: 'Zürich',
        countryCode: 'CH',
        email: options.email === undefined ? 'anna@example.ch' : options.email,
      },
      languageCode: options.languageCode ?? 'de',
      creditor: {
        creditorName: 'BPW Testclub',
        street: 'Bundesgasse',
        buildingNumber: '3',
        zip: '3011',
        city: 'Bern',
        countryCode: 'CH',
        iban: options.iban ?? TEST_QR_IBAN,
      },
      delivery: (options.delivery ?? InvoiceDelivery.mail) as 0,
      issueDate,
      dueDate: options.dueDate ?? '2026-02-14',
      positions: [{ kind: 'clubFee', text: 'Mitgliederbeitrag 2026', amountCentimes: options.totalCentimes ?? 12000 }],
      createdBy: null,
      now: new Date(),
    },
  ]);
  const invoice = (await findInvoice(db, { id: id! }))!;
  return { id: invoice.id, number: invoice.numberText, reference: invoice.reference };
}

/** POST payment-import with a camt file. */
export async function uploadCamt(
  app: FastifyInstance,
  token: string,
  xml: string | Buffer,
  options: { clubId?: string; locale?: string; fileName?: string } = {},
) {
  const body = await multipartBody('file', Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8'), {
    filename: options.fileName ?? 'camt054.xml',
    contentType: 'application/xml',
  });
  return app.inject({
    method: 'POST',
    url: `/api/v1/payment-import${options.clubId ? `?ClubId=${options.clubId}` : ''}`,
    headers: {
      ...body.headers,
      authorization: `Bearer ${token}`,
      ...(options.locale ? { 'accept-language': options.locale } : {}),
    },
    payload: body.payload,
  });
}

/** A real SMTP peer on loopback that keeps every message it receives, parsed on demand. */
export async function startSmtpPeer() {
  const raw: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        raw.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    parsed: (): Promise<ParsedMail[]> => Promise.all(raw.map((m) => simpleParser(m))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const firstRow = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows[0]!.id;

/** An import of the club's (no credits): its id. */
export const seedPaymentImport = (db: Db, clubId: string) =>
  firstRow(
    db,
    sql`INSERT INTO payment_imports (club_id, file_sha256, format) VALUES (${clubId}::uuid, 'seed', 'camt.054.001.08') RETURNING id`,
  );

/** An unmatched credit of the club's: its id. */
export async function seedUnmatchedCredit(db: Db, clubId: string) {
  const importId = await seedPaymentImport(db, clubId);
  return firstRow(
    db,
    sql`INSERT INTO bank_credits (import_id, club_id, idempotency_key, amount_centimes, state, unmatched_reason)
      VALUES (${importId}::uuid, ${clubId}::uuid, ${`seed-${randomUUID()}`}, 1000, 'unmatched', 'noReference') RETURNING id`,
  );
}

/** A finished first reminder run of the club: its id. */
export const seedReminderRun = (db: Db, clubId: string) =>
  firstRow(
    db,
    sql`INSERT INTO reminder_runs (club_id, level, overdue_before) VALUES (${clubId}::uuid, 1, '2027-01-01') RETURNING id`,
  );
