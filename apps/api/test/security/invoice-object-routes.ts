import { saveNationalFee } from '../../src/features/invoices/invoices.queries';
import {
  seedFeeRun,
  seedFeeSchedule,
  seedInvoice,
  seedInvoiceSettings,
  seedPrintBatch,
} from '../../src/features/invoices/invoice-test-support';
import {
  seedPaymentImport,
  seedReminderRun,
  seedUnmatchedCredit,
} from '../../src/features/payments/payments-test-support';
import { eventIn } from './event-fixtures';
import type { Target } from './object-fixtures';
import { personIn } from './object-fixtures';
import type { ObjectCase } from './object-routes';
import type { SecurityWorld } from './security-world';

/**
 * Issue 17 (docs/decisions/invoices.md): a club's invoicing is its finance responsible's and
 * database managers' (here: clubManager) and the admins'; the national fee is read by every
 * invoice manager and set by admins.
 */
const managers = ['clubManager', 'admin'] as const;
const admins = ['admin'] as const;

const settingsBody = {
  creditorName: 'BPW Security',
  street: 'Bundesgasse',
  buildingNumber: '3',
  zip: '3011',
  city: 'Bern',
  countryCode: 'CH',
  iban: 'CH4431999123000889012',
  paymentTermDays: 30,
};
const scheduleBody = { singleCentimes: 100, collectiveCentimes: 100, companyCentimes: 100, youngCentimes: null };

const invoiceOf = async (w: SecurityWorld, at: Target) =>
  seedInvoice(w.db, { clubId: at.clubId, personId: await personIn(w, at) });

/** A club's resource, with its settings and 2027 fee schedule in place (so a read finds them). */
const clubCase = (path: string, payload?: object): ObjectCase => ({
  own: managers,
  other: admins,
  build: async (w, at) => {
    await seedInvoiceSettings(w.db, at.clubId);
    await seedFeeSchedule(w.db, at.clubId, 2027);
    return { url: `/api/v1/club/${at.clubId}/${path}`, ...(payload ? { payload } : {}) };
  },
});

const invoiceCase = (path: string, payload?: object): ObjectCase => ({
  own: managers,
  other: admins,
  build: async (w, at) => ({
    url: `/api/v1/invoice/${await invoiceOf(w, at)}${path}`,
    ...(payload ? { payload } : {}),
  }),
});

export const invoiceObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/club/:id/invoice-settings': clubCase('invoice-settings'),
  'PUT /api/v1/club/:id/invoice-settings': clubCase('invoice-settings', settingsBody),
  'GET /api/v1/club/:id/fee-schedule': clubCase('fee-schedule'),
  'GET /api/v1/club/:id/fee-schedule/:year': clubCase('fee-schedule/2027'),
  'PUT /api/v1/club/:id/fee-schedule/:year': clubCase('fee-schedule/2027', scheduleBody),
  'GET /api/v1/national-fee/:year': {
    own: managers,
    other: managers,
    build: async (w) => {
      await saveNationalFee(w.db, {
        year: 2027,
        values: { amountCentimes: 100, youngCentimes: null },
        by: w.actors.admin.id,
        now: new Date(),
      });
      return { url: '/api/v1/national-fee/2027' };
    },
  },
  'PUT /api/v1/national-fee/:year': {
    own: admins,
    other: admins,
    build: async () => ({ url: '/api/v1/national-fee/2027', payload: { amountCentimes: 100, youngCentimes: null } }),
  },
  'GET /api/v1/fee-run/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/fee-run/${await seedFeeRun(w.db, at.clubId)}` }),
  },
  'GET /api/v1/invoice/:id': invoiceCase(''),
  'POST /api/v1/invoice/:id/cancel': invoiceCase('/cancel', {}),
  'GET /api/v1/invoice/:id/pdf': invoiceCase('/pdf'),
  'POST /api/v1/invoice/:id/send': invoiceCase('/send'),
  'POST /api/v1/invoice/:id/payment': invoiceCase('/payment', { amountCentimes: 100, paidOn: '2027-01-10' }),
  'GET /api/v1/payment-import/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/payment-import/${await seedPaymentImport(w.db, at.clubId)}` }),
  },
  'POST /api/v1/payment/unmatched/:id/assign': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/payment/unmatched/${await seedUnmatchedCredit(w.db, at.clubId)}/assign`,
      payload: { invoiceId: await invoiceOf(w, at) },
    }),
  },
  'POST /api/v1/payment/unmatched/:id/ignore': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/payment/unmatched/${await seedUnmatchedCredit(w.db, at.clubId)}/ignore`,
      payload: {},
    }),
  },
  'GET /api/v1/reminder-run/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/reminder-run/${await seedReminderRun(w.db, at.clubId)}` }),
  },
  // An event's invoices are its responsible club's (event-invoices.service.ts).
  'GET /api/v1/event/:id/invoice-run/preview': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/event/${await eventIn(w, at)}/invoice-run/preview`,
      query: { AmountCentimes: '1000' },
    }),
  },
  'POST /api/v1/event/:id/invoice-run': {
    own: managers,
    other: admins,
    build: async (w, at) => {
      await seedInvoiceSettings(w.db, at.clubId);
      return { url: `/api/v1/event/${await eventIn(w, at)}/invoice-run`, payload: { amountCentimes: 1000 } };
    },
  },
  'GET /api/v1/invoice-print-batch/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/invoice-print-batch/${await seedPrintBatch(w.db, at.clubId)}` }),
  },
  'GET /api/v1/invoice-print-batch/:id/pdf': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/invoice-print-batch/${await seedPrintBatch(w.db, at.clubId)}/pdf` }),
  },
};
