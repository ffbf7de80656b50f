import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isValidQrr, isValidScor } from '@bpw/domain/invoice-reference';
import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { SwissQRCode } from 'swissqrbill/pdf';
import type { Data as QrBillData } from 'swissqrbill/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPdfDocument, loadInvoiceDocument, renderInvoicePdf } from './invoice-pdf';
import { createPdfRenderer } from './invoice-pdf-pool';
import { PLAIN_IBAN, QR_IBAN, seedInvoice } from './invoice-test-support';
import { encodeSwissQr, qrBillPayload } from './swiss-qr-code';

const run = promisify(execFile);
const DPI = 200;
const mm = (value: number) => Math.round((value / 25.4) * DPI);

/**
 * Issue 17: what a payer's banking app reads. The invoice PDF is rasterised (pdftoppm, poppler)
 * and the QR code of the payment part decoded (jsQR); every field is checked against the Swiss
 * Implementation Guidelines QR-bill 2.3, section 4.3 (data elements in order, LF separated).
 */
async function decodeQr(pdf: Buffer): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-qr-'));
  try {
    fs.writeFileSync(path.join(dir, 'invoice.pdf'), pdf);
    await run('pdftoppm', ['-r', String(DPI), '-png', '-f', '1', '-l', '1', '-singlefile', 'invoice.pdf', 'page'], {
      cwd: dir,
    });
    // The payment part is the lowest 105 mm of the A4 page; its QR code lies 67-113 mm from the left.
    const { data, info } = await sharp(path.join(dir, 'page.png'))
      .extract({ left: mm(60), top: mm(297 - 105), width: mm(65), height: mm(80) })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code, 'a QR code in the payment part').not.toBeNull();
    return code!.data.split(/\r?\n/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the QR-bill of an invoice (Swiss Implementation Guidelines)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const [iban, type] of [
    [QR_IBAN, 'QRR'],
    [PLAIN_IBAN, 'SCOR'],
  ] as const) {
    it(`carries every field, with a ${type} reference for ${iban}`, async () => {
      const club = await createClub(t.database.db);
      const id = await seedInvoice(t.database.db, { clubId: club.id, personId: null, iban });
      const document = (await loadInvoiceDocument(t.database.db, id))!;
      const fields = await decodeQr(await renderInvoicePdf(document));
      const i = document.invoice;
      expect(fields.slice(0, 3)).toEqual(['SPC', '0200', '1']); // QRType, Version, Coding Type (UTF-8)
      expect(fields[3]).toBe(iban); // account (IBAN or QR-IBAN), electronic format
      // Creditor: structured address (S): name, street, building number, postal code, town, country.
      expect(fields.slice(4, 11)).toEqual(['S', 'BPW Club Test', 'Bundesgasse', '3', '3011', 'Bern', 'CH']);
      expect(fields.slice(11, 18)).toEqual(['', '', '', '', '', '', '']); // ultimate creditor: reserved, empty
      expect(fields[18]).toBe('150.00'); // amount, two decimals
      expect(fields[19]).toBe('CHF');
      // Ultimate debtor, structured: the recipient as at creation.
      expect(fields.slice(20, 27)).toEqual(['S', 'Anna Muster', 'Bahnhofstrasse 1', '', '8001', 'Zürich', 'CH']);
      expect(fields[27]).toBe(type); // reference type
      expect(fields[28]).toBe(i.reference);
      expect(type === 'QRR' ? isValidQrr(fields[28]!) : isValidScor(fields[28]!)).toBe(true);
      expect(fields[29]).toBe(`Rechnung ${i.numberText}`); // unstructured message
      expect(fields[30]).toBe('EPD'); // trailer
      // Nothing after the trailer but the optional bill information / alternative procedures.
      expect(fields.slice(31).every((f) => f === '')).toBe(true);
    }, 30_000);
  }

  it('reads the same from a PDF of the render threads (as the PDF job makes them)', async () => {
    const club = await createClub(t.database.db);
    const id = await seedInvoice(t.database.db, { clubId: club.id, personId: null, iban: QR_IBAN });
    const document = (await loadInvoiceDocument(t.database.db, id))!;
    const renderer = createPdfRenderer({ threads: 1 });
    try {
      const [pdf] = await renderer.render([{ document }]);
      const fields = await decodeQr(pdf!);
      expect(fields.slice(0, 4)).toEqual(['SPC', '0200', '1', QR_IBAN]);
      expect(fields[28]).toBe(document.invoice.reference);
      expect(fields[29]).toBe(`Rechnung ${document.invoice.numberText}`);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});

/** The dark modules swissqrbill's own SwissQRCode draws (one rectangle each), as "x,y" in module units. */
function swissqrbillModules(data: QrBillData): { modules: Set<string>; size: number } {
  const rects: number[][] = [];
  const doc = {
    save: () => doc,
    restore: () => doc,
    translate: () => doc,
    fill: () => doc,
    fillColor: () => doc,
    rect: (x: number, y: number, w: number, h: number) => {
      rects.push([x, y, w, h]);
      return doc;
    },
  };
  new SwissQRCode(data).attachTo(doc as unknown as PDFKit.PDFDocument, 0, 0);
  const modules = rects.slice(0, -4); // the last four are the Swiss cross
  const block = modules[0]![2]!;
  return {
    modules: new Set(modules.map(([x, y]) => `${Math.round(x! / block)},${Math.round(y! / block)}`)),
    size: Math.round(130.3937 / block),
  };
}

describe('our QR code encoder (swiss-qr-code.ts)', () => {
  const base: QrBillData = {
    currency: 'CHF',
    amount: 150,
    creditor: {
      account: QR_IBAN,
      name: 'BPW Club Test',
      address: 'Bundesgasse',
      buildingNumber: '3',
      zip: '3011',
      city: 'Bern',
      country: 'CH',
    },
    debtor: { name: 'Anna Muster', address: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', country: 'CH' },
    reference: '210000000003139471430009017',
    message: 'Rechnung 2027-000001',
  };
  const cases: Array<[string, QrBillData]> = [
    ['an invoice with a QR reference', base],
    [
      'a SCOR reference on a plain IBAN, amount 0, a debtor abroad',
      {
        ...base,
        amount: 0,
        creditor: { ...base.creditor, account: PLAIN_IBAN },
        reference: 'RF18539007547034',
        debtor: { ...base.debtor!, country: 'de', zip: '10115', city: 'Berlin', buildingNumber: '12a' },
      },
    ],
    [
      'no debtor, no amount, no reference',
      {
        ...base,
        amount: undefined,
        debtor: undefined,
        reference: undefined,
        creditor: { ...base.creditor, account: PLAIN_IBAN },
      },
    ],
  ];
  // Longer texts: larger versions (more blocks, short and long ones) and every mask.
  for (let n = 0; n < 150; n++) {
    cases.push([
      `texts of length ${n}`,
      {
        ...base,
        amount: n * 13.35,
        debtor: { ...base.debtor!, name: `Zoë Ärmel-Crêpe ${'x'.repeat(n % 50)}` },
        // Message and bill information: 140 characters at most together.
        message: `Rechnung 2027-${n} ${'é'.repeat(n % 50)}`,
        ...(n % 3 === 0 ? { additionalInformation: `//S1/10/${'1'.repeat(n % 60)}` } : {}),
        ...(n % 4 === 0 ? { av1: `eBill/B/${'a'.repeat(n % 80)}@example.ch` } : {}),
      },
    ]);
  }

  it('draws the same modules as swissqrbill, for every case', () => {
    const sizes = new Set<number>();
    for (const [name, data] of cases) {
      const theirs = swissqrbillModules(data);
      const ours = encodeSwissQr(qrBillPayload(data));
      sizes.add(ours.size);
      const dark = new Set<string>();
      for (let y = 0; y < ours.size; y++) {
        for (let x = 0; x < ours.size; x++) if (ours.modules[y * ours.size + x]) dark.add(`${x},${y}`);
      }
      expect(ours.size, name).toBe(theirs.size);
      expect(dark, name).toEqual(theirs.modules);
    }
    expect(sizes.size).toBeGreaterThan(4); // several versions were compared
  });

  it('leaves swissqrbill as it was after a bill is drawn', async () => {
    const attach = SwissQRCode.prototype.attachTo;
    const pdf = await renderInvoicePdf({
      invoice: {
        numberText: '2027-000001',
        languageCode: 'fr',
        recipientName: 'Anna Muster',
        recipientCompany: null,
        recipientAddressLine: null,
        recipientStreet: 'Bahnhofstrasse 1',
        recipientBuildingNumber: null,
        recipientZip: '8001',
        recipientCity: 'Zürich',
        recipientCountryCode: 'CH',
        creditorName: 'BPW Club Test',
        creditorStreet: 'Bundesgasse',
        creditorBuildingNumber: '3',
        creditorZip: '3011',
        creditorCity: 'Bern',
        creditorCountryCode: 'CH',
        iban: QR_IBAN,
        reference: base.reference!,
        totalCentimes: 15000,
        paidCentimes: 0,
        issueDate: '2027-01-15',
        dueDate: '2027-02-14',
        state: 1,
      },
      positions: [{ text: 'Mitgliederbeitrag 2027', amountCentimes: 15000 }],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(SwissQRCode.prototype.attachTo).toBe(attach);
  });
});

describe('standard fonts shared between documents (createPdfDocument)', () => {
  it('makes the same bytes as a document that parses its own fonts', async () => {
    const draw = async (doc: PDFKit.PDFDocument) => {
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
      doc.addPage({ size: 'A4', margin: 50 });
      doc.font('Helvetica-Bold').fontSize(11).text('Zahlteil / Récépissé / AVAWAY', 50, 50, { width: 150 });
      doc.font('Helvetica').fontSize(9).text('Zoë Ärmel-Crêpe, Bahnhofstrasse 1, 8001 Zürich', { width: 120 });
      doc.end();
      return done;
    };
    const options = { autoFirstPage: false, compress: false, info: { CreationDate: new Date('2027-01-15T00:00:00Z') } };
    const own = await draw(new PDFDocument(options));
    await draw(createPdfDocument(options)); // the first one parses the fonts to share
    const shared = await draw(createPdfDocument(options));
    expect(shared.toString('latin1')).toBe(own.toString('latin1'));
  });
});
