import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeAfterHandlers } from './handlers-in-flight';

/**
 * A request whose client went away while its handler still works (the handler's database work
 * must not be cut off by a shutdown), with and without closeAfterHandlers.
 */
async function closeDuringAbandonedRequest(options: { waitForHandlers: boolean }) {
  const app = Fastify();
  if (options.waitForHandlers) closeAfterHandlers(app, 5_000);
  const events: string[] = [];
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, 300));
    events.push('handler finished');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const request = http.get({ host: '127.0.0.1', port, path: '/slow', agent: false });
  request.on('error', () => undefined);
  await handlerStarted;
  request.destroy();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await app.close();
  events.push('closed');
  await new Promise((resolve) => setTimeout(resolve, 400));
  return events;
}

describe('closing the app while a handler runs for a client that has gone', () => {
  it('waits for the handler', async () => {
    expect(await closeDuringAbandonedRequest({ waitForHandlers: true })).toEqual(['handler finished', 'closed']);
  });

  it("does not, with Fastify's own close (why the app waits)", async () => {
    expect(await closeDuringAbandonedRequest({ waitForHandlers: false })).toEqual(['closed', 'handler finished']);
  });
});
