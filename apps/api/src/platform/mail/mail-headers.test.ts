import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { queueMail } from './outbox';

/** A real SMTP peer on loopback that keeps the raw messages it receives. */
async function startSmtpPeer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Issue 27: what spam filters and auto-responders read in our mails, read by a mail parser. */
describe('the headers of outgoing mails', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp.close();
  });

  async function sendOne(env: Record<string, string>) {
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env } });
    apps.push(t);
    smtp.received.length = 0;
    await t.database.db.transaction((tx) =>
      queueMail(tx, { to: 'anna@example.ch', subject: 'Anmeldung bestätigt', text: 'Grüezi', html: '<p>Grüezi</p>' }),
    );
    expect(await t.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    return simpleParser(smtp.received[0]!);
  }

  it('names the domain of PUBLIC_URL in the Message-ID and says the mail was sent by the system', async () => {
    const mail = await sendOne({ PUBLIC_URL: 'https://clubs.bpw.ch/' });
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@clubs\.bpw\.ch>$/);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.subject).toBe('Anmeldung bestätigt');
    expect(mail.text?.trim()).toBe('Grüezi');
  });

  it('takes a configured MAIL_DOMAIN instead', async () => {
    const mail = await sendOne({ PUBLIC_URL: 'https://clubs.bpw.ch', MAIL_DOMAIN: 'mail.bpw.ch' });
    expect(mail.messageId).toMatch(/@mail\.bpw\.ch>$/);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('refuses to start with a mail domain that is not a host name', () => {
    expect(() => loadConfig({ MAIL_DOMAIN: 'bpw club manager' })).toThrow();
    expect(loadConfig({}).mailDomain).toBe('localhost');
  });
});
