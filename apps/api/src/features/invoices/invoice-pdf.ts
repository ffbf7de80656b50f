import { type LanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import { formatChf } from '@bpw/domain/invoice-fees';
import { formatIban, formatReference, toQrBillText } from '@bpw/domain/invoice-reference';
import PDFDocument from 'pdfkit';
import { SwissQRBill, SwissQRCode } from 'swissqrbill/pdf';
import type { Data as QrBillData } from 'swissqrbill/types';
import type { DbOrTx } from '../../db/client';
import { translate } from '../../platform/i18n';
import { type InvoiceRow, findInvoice, findInvoicePositions } from './invoices.queries';
import { type QrMatrix, drawSwissQrCode, encodeSwissQr, qrBillPayload } from './swiss-qr-code';

/**
 * Issue 17: an invoice (or a reminder of it) as an A4 PDF in the recipient's language, with the
 * Swiss QR-bill payment part (swissqrbill on pdfkit). Structured addresses (type S) only; every
 * text the QR code carries is reduced to the permitted characters first (DESIGN "Facts").
 */
export type InvoiceDocument = {
  invoice: Pick<
    InvoiceRow,
    | 'numberText'
    | 'languageCode'
    | 'recipientName'
    | 'recipientCompany'
    | 'recipientAddressLine'
    | 'recipientStreet'
    | 'recipientBuildingNumber'
    | 'recipientZip'
    | 'recipientCity'
    | 'recipientCountryCode'
    | 'creditorName'
    | 'creditorStreet'
    | 'creditorBuildingNumber'
    | 'creditorZip'
    | 'creditorCity'
    | 'creditorCountryCode'
    | 'iban'
    | 'reference'
    | 'totalCentimes'
    | 'paidCentimes'
    | 'issueDate'
    | 'dueDate'
    | 'state'
  >;
  positions: ReadonlyArray<{ text: string; amountCentimes: number }>;
};

export type RenderOptions = {
  /** A reminder: its level (1 or 2), date and the new payment deadline; the QR part asks for the open amount. */
  reminder?: { level: 1 | 2; remindedOn: string; dueDate: string };
};

const languageOf = (code: string): LanguageCode => (languageCodeEnum.is(code) ? code : 'de');

/** 2027-02-14 as 14.02.2027 (the Swiss form, the same in the four languages). */
const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The unstructured message of the QR code: the invoice number (and the reminder level). */
export function qrMessage(document: InvoiceDocument, options: RenderOptions = {}): string {
  const t = (key: string) => translate(localeOfLanguage[languageOf(document.invoice.languageCode)], key);
  const title = options.reminder ? t(`invoice.pdf.reminderTitle${options.reminder.level}`) : t('invoice.pdf.title');
  return toQrBillText(`${title} ${document.invoice.numberText}`, 140);
}

/** The QR-bill's data: creditor and debtor as S addresses, amount (the open amount for a reminder), reference. */
export function qrBillData(document: InvoiceDocument, options: RenderOptions = {}): QrBillData {
  const i = document.invoice;
  const amountCentimes = options.reminder ? Math.max(0, i.totalCentimes - i.paidCentimes) : i.totalCentimes;
  const debtorName = toQrBillText(
    i.recipientCompany ? `${i.recipientCompany}, ${i.recipientName}` : i.recipientName,
    70,
  );
  const data: QrBillData = {
    currency: 'CHF',
    amount: amountCentimes / 100,
    creditor: {
      account: i.iban,
      name: toQrBillText(i.creditorName, 70),
      address: toQrBillText(i.creditorStreet, 70),
      ...(i.creditorBuildingNumber ? { buildingNumber: toQrBillText(i.creditorBuildingNumber, 16) } : {}),
      zip: toQrBillText(i.creditorZip, 16),
      city: toQrBillText(i.creditorCity, 35),
      country: i.creditorCountryCode,
    },
    debtor: {
      name: debtorName,
      address: toQrBillText(i.recipientStreet, 70),
      ...(i.recipientBuildingNumber ? { buildingNumber: toQrBillText(i.recipientBuildingNumber, 16) } : {}),
      zip: toQrBillText(i.recipientZip, 16),
      city: toQrBillText(i.recipientCity, 35),
      country: i.recipientCountryCode,
    },
    reference: i.reference,
    message: qrMessage(document, options),
  };
  return data;
}

const qrLanguage = { de: 'DE', fr: 'FR', it: 'IT', en: 'EN' } as const;

/** Draws one invoice or reminder on new pages of `doc` (a print batch draws many into one). */
export function drawInvoice(doc: PDFKit.PDFDocument, document: InvoiceDocument, options: RenderOptions = {}) {
  const i = document.invoice;
  const language = languageOf(i.languageCode);
  const locale = localeOfLanguage[language];
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(locale, `invoice.pdf.${key}`, params);
  doc.addPage({ size: 'A4', margin: 50 });
  const left = 57;
  const width = doc.page.width - 2 * left;

  // The creditor, top left.
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000').text(i.creditorName, left, 50, { width: 250 });
  doc.font('Helvetica').fontSize(9);
  const creditorStreet = [i.creditorStreet, i.creditorBuildingNumber].filter(Boolean).join(' ');
  if (creditorStreet) doc.text(creditorStreet, { width: 250 });
  doc.text(`${i.creditorCountryCode === 'CH' ? '' : `${i.creditorCountryCode}-`}${i.creditorZip} ${i.creditorCity}`, {
    width: 250,
  });

  // The recipient, in the window of a C5/C6 envelope on the right.
  const recipientLines = [
    i.recipientCompany,
    i.recipientName,
    i.recipientAddressLine,
    [i.recipientStreet, i.recipientBuildingNumber].filter(Boolean).join(' ') || null,
    `${i.recipientCountryCode === 'CH' ? '' : `${i.recipientCountryCode}-`}${i.recipientZip} ${i.recipientCity}`,
  ].filter((line): line is string => !!line);
  doc.font('Helvetica').fontSize(10).text(recipientLines.join('\n'), 330, 140, { width: 210 });

  // Title and facts.
  const title = options.reminder ? t(`reminderTitle${options.reminder.level}`) : t('title');
  doc.font('Helvetica-Bold').fontSize(16).text(title, left, 250, { width });
  doc.moveDown(0.5).font('Helvetica').fontSize(9);
  const facts: Array<[string, string]> = [
    [t('number'), i.numberText],
    [t('date'), swissDate(options.reminder?.remindedOn ?? i.issueDate)],
    [t('dueDate'), swissDate(options.reminder?.dueDate ?? i.dueDate)],
    [t('reference'), formatReference(i.reference)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.text(label, left, y, { width: 130 });
    doc.text(value, left + 130, y, { width: width - 130 });
  }
  if (options.reminder) {
    doc
      .moveDown(0.8)
      .text(
        t('reminderText', { date: swissDate(i.issueDate), dueDate: swissDate(options.reminder.dueDate) }),
        left,
        doc.y,
        {
          width,
        },
      );
  }

  // Positions.
  doc.moveDown(1.2);
  const amountX = left + width - 110;
  let y = doc.y;
  doc.font('Helvetica-Bold').text(t('position'), left, y, { width: width - 120 });
  doc.text(t('amount'), amountX, y, { width: 110, align: 'right' });
  y = doc.y + 3;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .stroke();
  doc.font('Helvetica');
  doc.y = y + 4;
  for (const position of document.positions) {
    y = doc.y;
    doc.text(position.text, left, y, { width: width - 120 });
    const after = doc.y;
    doc.text(formatChf(position.amountCentimes), amountX, y, { width: 110, align: 'right' });
    doc.y = Math.max(after, doc.y) + 2;
  }
  y = doc.y + 2;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  doc.y = y + 4;
  const totals: Array<[string, number]> = [[t('total'), i.totalCentimes]];
  if (options.reminder && i.paidCentimes > 0) {
    totals.push([t('paid'), i.paidCentimes], [t('open'), Math.max(0, i.totalCentimes - i.paidCentimes)]);
  }
  doc.font('Helvetica-Bold');
  for (const [label, amount] of totals) {
    y = doc.y;
    doc.text(label, left, y, { width: width - 120 });
    doc.text(formatChf(amount), amountX, y, { width: 110, align: 'right' });
  }
  doc.moveDown(1.5).font('Helvetica').fontSize(9).text(t('thanks'), left, doc.y, { width });
  doc
    .fontSize(8)
    .fillColor('#555')
    .text(`IBAN ${formatIban(i.iban)}`, left, doc.y + 4, { width })
    .fillColor('#000');

  if (i.state === 4) {
    doc.save().rotate(-30, { origin: [300, 420] });
    doc
      .font('Helvetica-Bold')
      .fontSize(60)
      .fillColor('#c00', 0.25)
      .text(t('cancelled'), 80, 400, { width: 440, align: 'center' });
    doc.restore().fillColor('#000', 1);
  }

  // The payment part at the foot of the page.
  const data = qrBillData(document, options);
  const bill = new SwissQRBill(data, { language: qrLanguage[language] });
  attachBill(doc, bill, encodeSwissQr(qrBillPayload(data)), doc.page.height - SwissQRBill.height);
}

const swissQrCodeAttach = SwissQRCode.prototype.attachTo;

/**
 * swissqrbill lays out the payment part, but its QR code is drawn by our faster encoder
 * (swiss-qr-code.ts, the same modules): SwissQRBill has no option for that, so its SwissQRCode's
 * `attachTo` is swapped for ours while the bill draws (synchronously) and restored right after. Should
 * a later swissqrbill no longer draw through SwissQRCode, its own code is drawn, only slower.
 */
function attachBill(doc: PDFKit.PDFDocument, bill: SwissQRBill, qr: QrMatrix, y: number) {
  SwissQRCode.prototype.attachTo = (target: PDFKit.PDFDocument, x?: number, top?: number) =>
    drawSwissQrCode(target, qr, x ?? 0, top ?? 0);
  try {
    bill.attachTo(doc, 0, y);
  } finally {
    SwissQRCode.prototype.attachTo = swissQrCodeAttach;
  }
}

/** The standard fonts the documents use (ours and swissqrbill's). */
const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold'] as const;
type PdfKitFonts = { _font: object | null; _fontCount: number; _fontFamilies: Record<string, object> };
const sharedFonts = new Map<string, object>();

/**
 * A pdfkit document whose standard fonts reuse the metrics parsed for the first one. pdfkit 0.20
 * parses a standard font's AFM data (widths and kerning pairs into objects) for every document that
 * uses it: about 0.35 ms a font, a fifth of an invoice PDF once its QR code was fast. The parsed
 * metrics are read only, so a new document gets a copy of the first document's font object (its
 * own id and dictionary) in its font table. This reaches into pdfkit's private font table: where
 * it does not look as expected, the document parses its fonts as before. invoice-qr.test.ts
 * checks that a document with shared fonts comes out byte for byte as one without.
 */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument({ ...options, font: null as unknown as string });
  const internals = doc as unknown as Partial<PdfKitFonts>;
  if (typeof internals._fontCount !== 'number' || typeof internals._fontFamilies !== 'object') {
    return doc.font('Helvetica');
  }
  for (const name of STANDARD_FONTS) {
    let template = sharedFonts.get(name);
    if (!template) {
      const first = new PDFDocument({ autoFirstPage: false, font: null as unknown as string }).font(name);
      template = (first as unknown as PdfKitFonts)._font!;
      sharedFonts.set(name, template);
    }
    const font = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as object, template, {
      document: doc,
      id: `F${++internals._fontCount}`,
      dictionary: undefined,
      embedded: false,
    });
    internals._fontFamilies![name] = font;
  }
  return doc.font('Helvetica');
}

/** A pdfkit document collected into a Buffer. */
export function newPdf(title: string, lang: string) {
  const doc = createPdfDocument({ autoFirstPage: false, info: { Title: title }, lang, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** One invoice (or reminder) as a PDF. */
export async function renderInvoicePdf(document: InvoiceDocument, options: RenderOptions = {}): Promise<Buffer> {
  const locale = localeOfLanguage[languageOf(document.invoice.languageCode)];
  const { doc, done } = newPdf(`${translate(locale, 'invoice.pdf.title')} ${document.invoice.numberText}`, locale);
  drawInvoice(doc, document, options);
  doc.end();
  return done;
}

/** The data an invoice's PDF needs, or undefined when there is no such invoice. */
export async function loadInvoiceDocument(db: DbOrTx, invoiceId: string): Promise<InvoiceDocument | undefined> {
  const invoice = await findInvoice(db, { id: invoiceId });
  if (!invoice) return undefined;
  const positions = await findInvoicePositions(db, { ids: [invoiceId] });
  return { invoice, positions };
}
