import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from '../../../test/test-app';
import { uniqueSuffix } from '../../../test/factories';
import type { Db } from '../../db/client';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

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
