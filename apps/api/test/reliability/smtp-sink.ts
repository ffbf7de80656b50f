import { SMTPServer } from 'smtp-server';
import { freePort } from './api-process';

export type SmtpSink = {
  url: string;
  /** Message-IDs in the order the mails were accepted (a mail sent twice appears twice). */
  messageIds: string[];
  close: () => Promise<void>;
};

/** A real SMTP peer on localhost that accepts every mail and notes its Message-ID. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messageIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
        const id = /^message-id:\s*(<[^>]+>)/im.exec(headers)?.[1];
        messageIds.push(id ?? '(none)');
        callback();
      });
    },
  });
  // A client killed mid-mail resets its connection: expected here, not an error of the test.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messageIds,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
