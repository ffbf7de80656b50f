import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createMailTransport } from './mail-transport';
import { queueMail, startOutboxWorker } from './outbox';

/** A real SMTP peer on loopback that records what it receives. */
async function startSmtpPeer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail outbox', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const transport = () =>
    createMailTransport({ smtpUrl: smtp.url, from: 'BPW <no-reply@example.ch>', dataDir: t.config.dataDir });

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await t.database.db.delete(mailOutbox);
  });

  it('never sends a mail written in a rolled-back transaction', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueMail(tx, { to: 'anna@example.ch', subject: 'Hallo', text: 'Text' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.outbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends a committed mail exactly once, also when the worker restarts', async () => {
    await t.database.db.transaction((tx) =>
      queueMail(tx, { to: 'beatrice@example.ch', subject: 'Bienvenue', text: 'Bonjour' }),
    );
    const first = startOutboxWorker({ db: t.database.db, transport: transport(), autoStart: false });
    expect(await first.runOnce()).toBe(1);
    await first.stop();
    const second = startOutboxWorker({ db: t.database.db, transport: transport(), autoStart: false });
    expect(await second.runOnce()).toBe(0);
    await second.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['beatrice@example.ch']);
    expect(smtp.received[0]!.raw).toContain('Subject: Bienvenue');
  });

  it('sends again a mail whose sender died mid-send, once its lease has ended', async () => {
    await t.database.db.transaction((tx) => queueMail(tx, { to: 'carla@example.ch', subject: 'Ciao', text: 'Testo' }));
    // A worker claimed the row and died: status sending, lease already over.
    await t.database.db.execute(
      sql`UPDATE mail_outbox SET status = 'sending', attempts = 1, lease_until = now() - interval '1 second'`,
    );
    const worker = startOutboxWorker({ db: t.database.db, transport: transport(), autoStart: false });
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a mail for a later attempt when the SMTP peer refuses it, without the address in the error', async () => {
    await t.database.db.transaction((tx) => queueMail(tx, { to: 'dora@example.ch', subject: 'Hi', text: 'Text' }));
    const failing = startOutboxWorker({
      db: t.database.db,
      transport: {
        send: async () =>
          Promise.reject(Object.assign(new Error('550 dora@example.ch unknown'), { responseCode: 550 })),
        close: () => undefined,
      },
      autoStart: false,
    });
    expect(await failing.runOnce()).toBe(0);
    await failing.stop();
    const [row] = await t.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '550' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
