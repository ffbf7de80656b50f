import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** `path`: the request's path, so one receiver can stand for several subscriptions (`/hook/a`, `/hook/b`). */
export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number; path: string };

/**
 * A real receiver on 127.0.0.1: records every request and answers the next status of `answers`
 * (200 once they are used up).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body, at: Date.now(), path: request.url ?? '' });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The statuses of the next answers, in order. */
    answer: (...statuses: number[]) => answers.push(...statuses),
    /** Forgets what was received and the answers not yet given. */
    reset: () => {
      received.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The Standard Webhooks headers of a received request, as `standardwebhooks` expects them. */
export const webhookHeaders = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
