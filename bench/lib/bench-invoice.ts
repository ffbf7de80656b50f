import { createQrr } from '@bpw/domain/invoice-reference';
import type { InvoiceDocument } from '../../apps/api/src/features/invoices/invoice-pdf';

const languages = ['de', 'fr', 'it', 'en'] as const;

/**
 * Invoice `n` of the PDF bench (bench/pdf-render.ts): as the fee run bench's members get them
 * (bench/fee-run.ts), in the four languages by turn, with a QR reference on a QR-IBAN.
 */
export function benchInvoiceDocument(n: number): InvoiceDocument {
  return {
    invoice: {
      numberText: `2027-${String(n).padStart(6, '0')}`,
      languageCode: languages[n % 4]!,
      recipientName: `Anna${n} Muster${n}`,
      recipientCompany: null,
      recipientAddressLine: null,
      recipientStreet: `Bahnhofstrasse ${n % 200}`,
      recipientBuildingNumber: null,
      recipientZip: '8001',
      recipientCity: 'Zürich',
      recipientCountryCode: 'CH',
      creditorName: `Bench Fee Club ${1 + (n % 50)}`,
      creditorStreet: 'Bundesgasse',
      creditorBuildingNumber: '3',
      creditorZip: '3011',
      creditorCity: 'Bern',
      creditorCountryCode: 'CH',
      iban: 'CH4431999123000889012',
      reference: createQrr(n),
      totalCentimes: 19000,
      paidCentimes: 0,
      issueDate: '2027-01-15',
      dueDate: '2027-02-14',
      state: 1,
    },
    positions: [
      { text: 'Mitgliederbeitrag 2027', amountCentimes: 15000 },
      { text: 'Nationaler Beitrag 2027', amountCentimes: 4000 },
    ],
  };
}
