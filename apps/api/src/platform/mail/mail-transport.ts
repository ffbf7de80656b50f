import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailAttachment } from '../../db/schema/mail-outbox';

export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: MailAttachment[] | null;
  headers?: Record<string, string> | null;
};

export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close: () => void };

/**
 * SMTP_URL set: real SMTP through nodemailer. Unset: each mail becomes DATA_DIR/mail-outbox/<id>.eml,
 * so a fresh install works without a mail server and an operator can still read what was sent.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** The right side of the Message-ID: the configured mail domain (MAIL_DOMAIN, else PUBLIC_URL's host). */
  messageIdDomain?: string;
}): MailTransport {
  const domain = options.messageIdDomain ?? 'localhost';
  // The outbox id makes the Message-ID, so a mail re-sent after a crash is recognisable as the same.
  const messageOf = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64 ?? '', 'base64'),
            ...(file.cid ? { cid: file.cid } : {}),
          })),
        }
      : {}),
    messageId: `<${mail.id}@${domain}>`,
    // Every mail the system sends is sent by itself (RFC 3834): auto-responders stay silent, and
    // filters read it as a notice rather than a person's letter (issue 27).
    // A mailing list's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058, issue 18) come as
    // one field each from the outbox row.
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply', ...mail.headers },
  });

  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transporter.sendMail(messageOf(mail));
      },
      close: () => transporter.close(),
    };
  }

  const dir = path.join(options.dataDir, 'mail-outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transporter.sendMail(messageOf(mail));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
    },
    close: () => transporter.close(),
  };
}
