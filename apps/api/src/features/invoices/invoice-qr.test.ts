import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isValidQrr, isValidScor } from '@bpw/domain/invoice-reference';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadInvoiceDocument, renderInvoicePdf } from './invoice-pdf';
import { PLAIN_IBAN, QR_IBAN, seedInvoice } from './invoice-test-support';

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
});
