import type { MailingAudience, MailingText } from '@bpw/domain/schemas/mailing';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from '../../../test/test-app';
import { uniqueSuffix } from '../../../test/factories';
import type { Db } from '../../db/client';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { mailingListSubscriptions, mailingRecipients } from '../../db/schema/mailings';
import { persons } from '../../db/schema/persons';
import { insertStoredFile } from '../../platform/stored-files';
import { insertList } from './mailing-lists.queries';
import { insertAttachment, insertMailing } from './mailings.queries';

/** A real SMTP peer on loopback that keeps every message it receives, parsed. */
export async function startSmtpPeer() {
  const raw: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        raw.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  // A client killed mid-transaction (the crash test's SIGKILL) resets its connection: the peer
  // reports it as an error event, which is no failure of ours.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    raw,
    url: `smtp://127.0.0.1:${port}`,
    parsed: (): Promise<ParsedMail[]> => Promise.all(raw.map((m) => simpleParser(m))),
    reset: () => {
      raw.length = 0;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** Gives a person a primary e-mail (and her advertising consent and salutation when given). */
export async function giveEmail(
  db: Db,
  personId: string,
  options: { email?: string; advertising?: 0 | 10 | 20; salutation?: 0 | 10 | null } = {},
) {
  const value = options.email ?? `p-${uniqueSuffix()}@example.ch`;
  const [address] = await db
    .insert(addresses)
    .values({ personId, label: 'Privat', street: 'Marktgasse 1', zip: '3011', city: 'Bern' })
    .returning({ id: addresses.id });
  const [email] = await db
    .insert(addressEmails)
    .values({ addressId: address!.id, personId, value })
    .returning({ id: addressEmails.id });
  await db
    .update(persons)
    .set({
      primaryAddressId: address!.id,
      primaryEmailId: email!.id,
      ...(options.advertising !== undefined ? { advertising: options.advertising } : {}),
      ...(options.salutation !== undefined ? { salutation: options.salutation } : {}),
    })
    .where(eq(persons.id, personId));
  return value;
}

/** Runs sending to the end: the job, the feeder and the outbox until nothing moves. */
export async function sendAll(t: TestApp) {
  await t.app.jobs.runOnce();
  for (let round = 0; round < 1000; round++) {
    const fed = await t.app.mailings.runOnce();
    const sent = await t.outbox.runOnce();
    if (fed === 0 && sent === 0) break;
  }
  await t.app.mailings.runOnce();
}

/** A mailing as the compose page saves it (a draft unless `state` says otherwise): its id. */
export async function seedMailing(
  db: Db,
  params: {
    clubId: string | null;
    audience: MailingAudience;
    state?: 'draft' | 'queued' | 'sending' | 'sent' | 'cancelled';
    texts?: MailingText[];
  },
): Promise<string> {
  const { audience } = params;
  const row = await insertMailing(db, {
    clubId: params.clubId,
    audienceKind: audience.kind,
    audience,
    eventId: audience.kind === 'event' ? audience.eventId : null,
    mailingListId: audience.kind === 'list' ? audience.mailingListId : null,
    texts: params.texts ?? [{ language: 'de', subject: 'Hallo {firstName}', body: 'Willkommen bei {club}.' }],
    state: params.state ?? 'draft',
  });
  return row.id;
}

/** A small text file attached to the mailing: the attachment's id. */
export async function seedMailingAttachment(db: Db, mailingId: string): Promise<string> {
  const data = Buffer.from('Traktanden\n');
  const storedFileId = await insertStoredFile(db, { kind: 'mailing_attachment', mimeType: 'text/plain', data });
  const row = await insertAttachment(db, {
    mailingId,
    storedFileId,
    filename: 'traktanden.txt',
    contentType: 'text/plain',
    byteSize: data.length,
  });
  return row.id;
}

/** A mailing list of the club (null: the association's): its id. */
export async function seedMailingList(db: Db, params: { clubId: string | null; isOpen: boolean }): Promise<string> {
  const row = await insertList(db, { clubId: params.clubId, name: `Liste ${uniqueSuffix()}`, isOpen: params.isOpen });
  return row.id;
}

/** Puts the person on the list. */
export async function seedSubscription(db: Db, listId: string, personId: string) {
  await db.insert(mailingListSubscriptions).values({ listId, personId }).onConflictDoNothing();
}

/**
 * The person on the list and the recipient row of a sent mailing to it (what an unsubscribe link
 * stands for): the recipient row's id.
 */
export async function seedListRecipient(db: Db, params: { listId: string; clubId: string | null; personId: string }) {
  await seedSubscription(db, params.listId, params.personId);
  const mailingId = await seedMailing(db, {
    clubId: params.clubId,
    audience: { kind: 'list', mailingListId: params.listId },
    state: 'sent',
  });
  const [row] = await db
    .insert(mailingRecipients)
    .values({
      mailingId,
      personId: params.personId,
      address: `r-${uniqueSuffix()}@example.ch`,
      language: 'de',
      state: 'sent',
    })
    .returning({ id: mailingRecipients.id });
  return row!.id;
}
