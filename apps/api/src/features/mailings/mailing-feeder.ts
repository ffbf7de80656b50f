import { randomUUID } from 'node:crypto';
import type { LanguageCode } from '@bpw/domain/enums/language';
import type { MailingText } from '@bpw/domain/schemas/mailing';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';
import type { OutboxWorker } from '../../platform/mail/outbox';
import { type MailTemplate, mailTemplate, textFor } from './mailing-render';
import { findAttachments } from './mailings.queries';
import { unsubscribeTokenSigner } from './unsubscribe-token';

/**
 * Issue 18, the second half of sending (docs/decisions/mailings.md): on every instance, each
 * tick hands the next queued recipients of the oldest sending mailing to the mail outbox, at most
 * MAILING_RATE_PER_MINUTE in any minute over all instances. A recipient's outbox mail and her
 * row's move to `handed` are one transaction: she is handed over exactly once, whatever crashes.
 * An advisory lock lets one instance feed at a time, so the rate holds across instances; the
 * mailing row is read FOR SHARE, so a cancel waits for a feed under way and then stops its mails.
 */
export type MailingFeeder = {
  start: () => void;
  kick: () => void;
  /** One tick: brings states up to date, feeds what the rate allows. Tests call it directly. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

const FEED_LOCK = 0x6d61696c; // "mail": one feeder at a time in the database
const BATCH = 500;

type Log = { error: (object: object, message: string) => void };
type RecipientRow = {
  id: number | string;
  address: string;
  language: string;
  salutation: number | null;
  firstname: string | null;
  lastname: string | null;
  club_name: string | null;
};
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const asJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function createMailingFeeder(options: {
  db: Db;
  outbox: Pick<OutboxWorker, 'kick'>;
  publicUrl: string;
  ratePerMinute: number;
  intervalMs?: number;
  log: Log;
}): MailingFeeder {
  const { db } = options;
  const intervalMs = options.intervalMs ?? 1000;
  // A tick hands over its share of the minute, so the mails flow evenly rather than in bursts.
  const perTick = Math.max(1, Math.ceil((options.ratePerMinute * intervalMs) / 60_000));
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  // The sending mailing's texts rendered once per language, kept from tick to tick: a mailing's
  // texts do not change once it is sent, and the markdown of a newsletter of a few pages takes
  // tens of milliseconds a language to render, every second otherwise (docs/performance.md
  // "Mailings"). Only the last mailing's, so it stays small.
  let cached: { mailingId: string; templates: Map<string, MailTemplate> } | undefined;

  type Signer = (recipientId: string) => string;
  async function feedBatch(tx: Tx, budget: number, signer: Signer): Promise<number> {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${FEED_LOCK}) as ok`));
    if (!lock?.ok) return 0;
    // Handed over in the last minute, counted up to the rate (more cannot change the answer):
    // newest first along the partial index on handed_at, so the work is at most a minute's rows
    // and the plan stays on the index even before the statistics know the new rows (a plain
    // count(*) went parallel then, at 100,000 recipients; docs/performance.md "Mailings").
    const [recent] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`select count(*) as n from (
        select 1 from mailing_recipients where handed_at > now() - interval '1 minute'
        order by handed_at desc limit ${options.ratePerMinute}) recent`),
    );
    const limit = Math.min(budget, BATCH, options.ratePerMinute - Number(recent?.n ?? 0));
    if (limit <= 0) return 0;
    const [mailing] = rowsOf<{
      id: string;
      texts: MailingText[] | string;
      audience_kind: string;
      list_name: string | null;
    }>(
      await tx.execute(sql`
        select m.id, m.texts, m.audience_kind, (select name from mailing_lists l where l.id = m.mailing_list_id) as list_name
        from mailings m
        where m.state = 'sending'
          and exists (select 1 from mailing_recipients r where r.mailing_id = m.id and r.state = 'queued')
        order by m.send_requested_at, m.id limit 1
        for share of m`),
    );
    if (!mailing) return 0;
    const recipients = rowsOf<RecipientRow>(
      await tx.execute(sql`
        select id, address, language, salutation, firstname, lastname, club_name from mailing_recipients
        where mailing_id = ${mailing.id} and state = 'queued' order by id limit ${limit}
        for update skip locked`),
    );
    if (recipients.length === 0) return 0;
    const texts = asJson(mailing.texts);
    const attachments = (await findAttachments(tx, { mailingId: mailing.id })).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      storedFileId: a.storedFileId,
    }));
    // A list mailing's list may have been deleted since: then there is nothing to leave.
    const isList = mailing.audience_kind === 'list' && mailing.list_name !== null;
    const sign = isList ? signer : undefined;
    if (cached?.mailingId !== mailing.id) cached = { mailingId: mailing.id, templates: new Map() };
    const templates = cached.templates;
    const templateFor = (language: string) => {
      const text = textFor(texts, language);
      let template = templates.get(text.language);
      if (!template) templates.set(text.language, (template = mailTemplate(text)));
      return template;
    };
    const handed = recipients.map((r) => {
      const template = templateFor(r.language);
      const token = sign?.(String(r.id));
      const parts = template.forRecipient(
        {
          language: template.language as LanguageCode,
          salutation: r.salutation,
          firstname: r.firstname,
          lastname: r.lastname,
          clubName: r.club_name,
        },
        token ? { url: `${options.publicUrl}/unsubscribe/${token}`, listName: mailing.list_name! } : undefined,
      );
      return {
        recipientId: Number(r.id),
        outbox: {
          id: randomUUID(),
          toAddress: r.address,
          subject: parts.subject,
          textBody: parts.text,
          htmlBody: parts.html,
          attachments: attachments.length ? attachments : null,
          // RFC 8058: one field each (docs/decisions/mailings.md).
          headers: token
            ? {
                'List-Unsubscribe': `<${options.publicUrl}/api/v1/mailing-unsubscribe/${token}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : null,
        },
      };
    });
    await tx.insert(mailOutbox).values(handed.map((h) => h.outbox));
    const values = sql.join(
      handed.map((h) => sql`(${h.recipientId}::bigint, ${h.outbox.id}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`
      update mailing_recipients r set state = 'handed', handed_at = now(), outbox_id = v.outbox_id
      from (values ${values}) as v(id, outbox_id) where r.id = v.id`);
    return handed.length;
  }

  /** Recipients whose outbox mail was sent or failed; mailings with nobody left become `sent`. */
  async function syncStates() {
    const underway = sql`(select id from mailings where state = 'sending'
      or (state = 'cancelled' and finished_at > now() - interval '1 day'))`;
    await db.execute(sql`
      update mailing_recipients r
      set state = case when o.status = 'sent' then 'sent' else 'failed' end,
        sent_at = o.sent_at, error = case when o.status = 'sent' then null else o.last_error end
      from mail_outbox o
      where r.mailing_id in ${underway} and r.state = 'handed' and o.id = r.outbox_id and o.status in ('sent', 'failed')`);
    // An outbox mail deleted meanwhile (a person's erasure): it will not be sent.
    await db.execute(sql`
      update mailing_recipients r set state = 'failed', error = 'gone'
      where r.mailing_id in ${underway} and r.state = 'handed' and r.handed_at < now() - interval '1 minute'
        and not exists (select 1 from mail_outbox o where o.id = r.outbox_id)`);
    await db.execute(sql`
      update mailings m set state = 'sent', finished_at = now(), updated_at = now()
      where m.state = 'sending'
        and not exists (select 1 from mailing_recipients r where r.mailing_id = m.id and r.state in ('queued', 'handed'))`);
  }

  async function tick(): Promise<number> {
    let fed = 0;
    // Read before the transaction: on PGlite only the transaction's handle may be used inside it.
    const signer = await unsubscribeTokenSigner(db);
    while (!isStopped && fed < perTick) {
      const n = await db.transaction((tx) => feedBatch(tx, perTick - fed, signer));
      if (n === 0) break;
      fed += n;
    }
    if (fed > 0) options.outbox.kick();
    await syncStates();
    return fed;
  }

  function runOnce(): Promise<number> {
    if (!running) {
      running = tick().finally(() => {
        running = null;
      });
    }
    return running;
  }
  const swallow = () => {
    runOnce().catch((error: unknown) => options.log.error({ error: (error as Error).name }, 'mailing feeder'));
  };

  return {
    start: () => {
      if (isStopped || timer) return;
      timer = setInterval(swallow, intervalMs);
      timer.unref();
    },
    kick: () => {
      if (!isStopped) setImmediate(swallow);
    },
    runOnce,
    stop: async () => {
      isStopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
