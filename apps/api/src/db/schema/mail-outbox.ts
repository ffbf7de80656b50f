import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A file sent with a mail; `cid` makes it an inline image the HTML part shows as `cid:<cid>`.
 * A large file shared by many mails (a mailing's attachment, issue 18) names its stored file
 * instead of carrying its bytes: the outbox reads them when it sends.
 */
export type MailAttachment = { filename: string; contentType: string; cid?: string } & (
  { contentBase64: string; storedFileId?: undefined } | { storedFileId: string; contentBase64?: undefined }
);

/**
 * Mails are written here in the same transaction as the change that causes them and sent
 * after commit by the outbox worker, so a rolled-back change never mails and nothing is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // Small files only (an event ticket's QR code and PDF, issue 19).
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    // Extra header fields (issue 18: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
    headers: jsonb('headers').$type<Record<string, string>>(),
    // Whom a mail to managers or admins names (issue 25), as notifications.about_id: an erasure
    // deletes these mails by it, never by matching a subject.
    aboutId: uuid('about_id'),
    // pending -> sending (leased until lease_until) -> sent | failed
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // An erasure finds the mails to her addresses (any letter case) and the mails about her.
    index('mail_outbox_to_address_idx').on(sql`lower(${t.toAddress})`),
    index('mail_outbox_about_idx')
      .on(t.aboutId)
      .where(sql`${t.aboutId} is not null`),
  ],
);
