import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import type { Db, DbOrTx } from '../../db/client';
import { feeRuns, invoicePrintBatches } from '../../db/schema/invoices';
import { type NewInvoice, findSettings, insertInvoices, saveSchedule, saveSettings } from './invoices.queries';

/**
 * Issue 17: invoicing data for tests (the permission matrix, the payments helper's tests).
 * Not a test file itself.
 */
export const QR_IBAN = 'CH4431999123000889012';
export const PLAIN_IBAN = 'CH9300762011623852957';

export async function seedInvoiceSettings(db: DbOrTx, clubId: string | null, overrides: { iban?: string } = {}) {
  return saveSettings(db, {
    clubId,
    values: {
      creditorName: 'BPW Club Test',
      street: 'Bundesgasse',
      buildingNumber: '3',
      zip: '3011',
      city: 'Bern',
      countryCode: 'CH',
      iban: overrides.iban ?? QR_IBAN,
      paymentTermDays: 30,
    },
    by: '00000000-0000-0000-0000-000000000000',
    now: new Date(),
  });
}

export async function seedFeeSchedule(db: DbOrTx, clubId: string, year: number) {
  return saveSchedule(db, {
    clubId,
    year,
    values: { singleCentimes: 15000, collectiveCentimes: 30000, companyCentimes: 50000, youngCentimes: 7500 },
    by: '00000000-0000-0000-0000-000000000000',
    now: new Date(),
  });
}

/** An issued invoice of `clubId` for `personId` (not rendered); answers its id. */
export async function seedInvoice(
  db: Db,
  params: { clubId: string; personId: string | null; iban?: string; feeYear?: number | null; email?: string | null },
): Promise<string> {
  const settings = await seedOrReadSettings(db, params.clubId, params.iban);
  const input: NewInvoice = {
    kind: 'fee',
    clubId: params.clubId,
    personId: params.personId,
    year: 2027,
    feeYear: params.feeYear ?? null,
    recipient: {
      name: 'Anna Muster',
      sortName: 'Muster\u0001Anna',
      company: null,
      addressLine: null,
      street: 'Bahnhofstrasse 1',
      buildingNumber: null,
      zip: '8001',
      city: 'Zürich',
      countryCode: 'CH',
      email: params.email === undefined ? 'anna.muster@example.ch' : params.email,
    },
    languageCode: 'de',
    creditor: settings,
    delivery: InvoiceDelivery.mail,
    issueDate: '2027-01-15',
    dueDate: '2027-02-14',
    positions: [{ kind: 'clubFee', text: 'Mitgliederbeitrag 2027', amountCentimes: 15000 }],
    createdBy: null,
    now: new Date(),
  };
  const [id] = await insertInvoices(db, [input]);
  return id!;
}

async function seedOrReadSettings(db: Db, clubId: string, iban?: string) {
  return (await findSettings(db, { clubId })) ?? seedInvoiceSettings(db, clubId, iban ? { iban } : {});
}

export async function seedFeeRun(db: DbOrTx, clubId: string | null, year = 2027) {
  const [row] = await db
    .insert(feeRuns)
    .values({ clubId, year, issueDate: '2027-01-15' })
    .returning({ id: feeRuns.id });
  return row!.id;
}

export async function seedPrintBatch(db: DbOrTx, clubId: string) {
  const feeRunId = await seedFeeRun(db, clubId);
  const [row] = await db
    .insert(invoicePrintBatches)
    .values({ clubId, feeRunId })
    .returning({ id: invoicePrintBatches.id });
  return row!.id;
}
