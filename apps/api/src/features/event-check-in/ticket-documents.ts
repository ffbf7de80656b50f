import { type LanguageCode, localeOfLanguage } from '@bpw/domain/enums/language';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatEventDate } from '../../platform/event-date-format';
import { translate } from '../../platform/i18n';
import type { QueuedMail } from '../../platform/mail/outbox';

/**
 * What a ticket looks like (issue 19): its QR code (SVG for the page, PNG for mail and PDF), the
 * PDF to print and the mail that carries both. Error correction M: a phone reads it from a
 * cracked screen or a creased print and the code stays small (22 characters).
 */
export type TicketFacts = {
  token: string;
  firstname: string;
  lastname: string;
  event: { title: string; eventFrom: Date; location: string };
};

const qrOptions = { errorCorrectionLevel: 'M', margin: 2 } as const;

export async function ticketQrSvgDataUrl(token: string) {
  const svg = await QRCode.toString(token, { ...qrOptions, type: 'svg' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const ticketQrPng = (token: string) => QRCode.toBuffer(token, { ...qrOptions, type: 'png', width: 480 });

/** One A6 page: event, name, QR code and the token in letters (to type in when a camera fails). */
export async function renderTicketPdf(language: LanguageCode, facts: TicketFacts): Promise<Buffer> {
  const locale = localeOfLanguage[language];
  const t = (key: string) => translate(locale, `ticket.${key}`);
  const png = await ticketQrPng(facts.token);
  const doc = new PDFDocument({
    size: 'A6',
    margin: 24,
    info: { Title: `${t('title')}: ${facts.event.title}` },
    lang: locale,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 48;
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(t('title').toUpperCase(), { width });
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(14).fillColor('#000').text(facts.event.title, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).text(formatEventDate(locale, facts.event.eventFrom), { width });
  doc.text(facts.event.location, { width });
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(`${facts.firstname} ${facts.lastname}`, { width });
  const size = Math.min(width, 190);
  const top = doc.y + 8;
  doc.image(png, 24 + (width - size) / 2, top, { width: size, height: size });
  doc.y = top + size + 6;
  doc.font('Courier').fontSize(10).text(facts.token, 24, doc.y, { width, align: 'center' });
  doc.moveDown(0.4).font('Helvetica').fontSize(8).fillColor('#555').text(t('hint'), { width, align: 'center' });
  doc.end();
  return done;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The ticket mail, sent when a registration becomes Confirmed: the QR code inline (cid) and the
 * PDF attached, with the link to the confirmation page that shows the ticket again.
 */
export async function renderTicketMail(
  language: LanguageCode,
  params: TicketFacts & { to: string; pageLink: string | null },
): Promise<QueuedMail> {
  const locale = localeOfLanguage[language];
  const t = (key: string, values: Record<string, string> = {}) => translate(locale, `mail.${key}`, values);
  const name = `${params.firstname} ${params.lastname}`.replace(/[\r\n\v\f\u0085\u2028\u2029]+/g, ' ').trim();
  const greeting = t('greeting', { name });
  const intro = t('ticket.intro', {
    event: params.event.title,
    date: formatEventDate(locale, params.event.eventFrom),
    location: params.event.location,
  });
  const show = t('ticket.show');
  const signature = t('signature');
  const [png, pdf] = await Promise.all([ticketQrPng(params.token), renderTicketPdf(language, params)]);
  const cid = 'ticket-qr@bpw';
  const text = [greeting, intro, show, params.token, ...(params.pageLink ? [params.pageLink] : []), signature];
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(show)}</p>`,
    `<p><img src="cid:${cid}" width="240" height="240" alt="${escapeHtml(t('ticket.qrAlt'))}"></p>`,
    `<p style="font-family:monospace">${escapeHtml(params.token)}</p>`,
    ...(params.pageLink
      ? [`<p><a href="${escapeHtml(params.pageLink)}">${escapeHtml(t('ticket.pageAction'))}</a></p>`]
      : []),
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ];
  const fileName = translate(locale, 'ticket.fileName');
  return {
    to: params.to,
    subject: t('ticket.subject', { event: params.event.title }),
    text: text.join('\n\n'),
    html: html.join('\n'),
    attachments: [
      { filename: 'ticket-qr.png', contentType: 'image/png', contentBase64: png.toString('base64'), cid },
      { filename: `${fileName}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ],
  };
}
