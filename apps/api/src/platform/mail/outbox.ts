import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type MailAttachment, mailOutbox } from '../../db/schema/mail-outbox';
import { findStoredVariant } from '../stored-files';
import type { MailTransport } from './mail-transport';

export type QueuedMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[] | null;
  /** Extra header fields (a mailing list's List-Unsubscribe, issue 18). */
  headers?: Record<string, string> | null;
  /** Whom the mail names when she is not its recipient (mail_outbox.about_id, issue 25). */
  aboutId?: string | null;
};

/**
 * Writes a mail in the caller's transaction: it is sent only if that transaction commits.
 * Answers the outbox row's id (an application deletes its confirmation mails when it expires).
 */
export async function queueMail(tx: DbOrTx, mail: QueuedMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      headers: mail.headers ?? null,
      aboutId: mail.aboutId ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120; // MAIL_LEASE_SECONDS's default
const BATCH = 10;

export type OutboxWorker = {
  /** Asks the worker to look for due mails now (after a commit that queued one). */
  kick: () => void;
  /** Sends what is due; resolves when that batch is done. Tests call it directly. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

type ClaimedRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[] | null;
  headers: Record<string, string> | null;
  attempts: number;
};

/** The bytes of attachments that name a stored file (a mailing's), read when the mail is sent. */
async function withStoredBytes(
  db: Db,
  attachments: MailAttachment[] | null,
  cache: Map<string, string>,
): Promise<MailAttachment[] | null> {
  if (!attachments?.some((file) => file.storedFileId)) return attachments;
  const out: MailAttachment[] = [];
  for (const file of attachments) {
    if (!file.storedFileId) {
      out.push(file);
      continue;
    }
    let contentBase64 = cache.get(file.storedFileId);
    if (contentBase64 === undefined) {
      const stored = await findStoredVariant(db, { fileId: file.storedFileId, variant: 'orig' });
      // A file deleted meanwhile: the mail cannot go as written; the attempt fails and is retried.
      if (!stored) throw Object.assign(new Error('attachment missing'), { code: 'ATTACHMENT_MISSING' });
      contentBase64 = stored.data.toString('base64');
      // The mails of one mailing follow each other: keep the last few files, not all.
      if (cache.size >= 8) cache.clear();
      cache.set(file.storedFileId, contentBase64);
    }
    out.push({ filename: file.filename, contentType: file.contentType, contentBase64 });
  }
  return out;
}

// A driver may hand jsonb back as text.
const asJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * Claims due rows with a lease (FOR UPDATE SKIP LOCKED, so several instances share the work),
 * sends them and marks them sent. A row whose sender died is claimed again once its lease ends.
 */
export function startOutboxWorker(options: {
  db: Db;
  transport: MailTransport;
  intervalMs?: number;
  autoStart?: boolean;
  leaseSeconds?: number;
}): OutboxWorker {
  const { db, transport } = options;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.execute(sql`
      UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND lease_until < now())
        ORDER BY created_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, text_body, html_body, attachments, headers, attempts`);
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    const storedFiles = new Map<string, string>();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0 || stopped) return sent;
      for (const row of rows) {
        try {
          await transport.send({
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            attachments: await withStoredBytes(db, asJson(row.attachments), storedFiles),
            headers: asJson(row.headers),
          });
          await db.execute(
            sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), lease_until = NULL WHERE id = ${row.id}`,
          );
          sent++;
        } catch (error) {
          // Keep only the error's code: SMTP replies can quote the recipient's address.
          const code = String(
            (error as { code?: string; responseCode?: number }).code ??
              (error as { responseCode?: number }).responseCode ??
              'ERROR',
          );
          const failed = row.attempts >= MAX_ATTEMPTS;
          await db.execute(sql`
            UPDATE mail_outbox SET status = ${failed ? 'failed' : 'pending'}, last_error = ${code}, lease_until = NULL,
              next_attempt_at = now() + make_interval(secs => ${Math.min(3600, 2 ** row.attempts * 5)})
            WHERE id = ${row.id}`);
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    if (!running) {
      running = sendDue().finally(() => {
        running = null;
      });
    }
    return running;
  }

  const swallow = () => {
    runOnce().catch(() => undefined);
  };
  if (options.autoStart !== false) timer = setInterval(swallow, options.intervalMs ?? 2000);

  return {
    kick: () => {
      if (!stopped) setImmediate(swallow);
    },
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
