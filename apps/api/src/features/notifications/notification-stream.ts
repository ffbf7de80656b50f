import { streamQuerySchema } from '@bpw/domain/schemas/notification';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { findActor } from '../../platform/auth/actor.queries';
import { findEndedSessions, type SessionRef } from '../../platform/auth/live-sessions.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError } from '../../platform/errors';
import { findStreamedNotification } from './notifications.service';

/**
 * Heartbeat comments keep proxies from closing an idle stream. Every `sessionCheckMs` one check
 * for all open streams of this instance ends those whose sign-in ended (issue 15: logout, new
 * password, archive, delete, a revoked chain), on any instance, as it reads the database. Tests
 * shorten both.
 */
export const streamTiming = { heartbeatMs: 25_000, sessionCheckMs: 3_000 };

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'realtime' | 'streamTickets'>;

/** The ticket's person, if her account and session are still valid (as the auth hook checks). */
async function isSessionValid(deps: Deps, personId: string, sessionId: string) {
  const loaded = await findActor(deps.db, { personId, sessionId, today: isoDateInSwitzerland(deps.now()) });
  return Boolean(loaded && loaded.hasAccount && !loaded.isArchived && !loaded.isSessionRevoked);
}

/**
 * GET notification/stream?ticket=...: Server-Sent Events for the signed-in person. Each new
 * notification of hers arrives at once as `event: notification` with the notification as JSON
 * (the same shape as GET notification's items). Opened with a ticket from POST
 * notification/stream-ticket, because EventSource cannot send the bearer token (the route is
 * therefore `public` for the auth hook and checks the ticket itself). Request logs never hold the
 * query string, so the ticket is not logged either.
 */
export const notificationStreamRoute: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const open = new Map<ServerResponse, SessionRef>();
  let sweep: NodeJS.Timeout | undefined;
  let isSweeping = false;
  // One statement pair per period for every open stream, not a query per stream.
  const endStreamsOfEndedSessions = async () => {
    if (isSweeping || open.size === 0) return;
    isSweeping = true;
    try {
      const streams = [...open];
      const ended = await findEndedSessions(
        deps.db,
        streams.map(([, session]) => session),
      );
      for (const [response, session] of streams) if (ended.has(session.sessionId)) response.end();
    } catch (error) {
      app.log.warn({ err: error }, 'notification stream: session check failed');
    } finally {
      isSweeping = false;
    }
  };
  const startSweep = () => {
    if (sweep) return;
    sweep = setInterval(() => void endStreamsOfEndedSessions(), streamTiming.sessionCheckMs);
    sweep.unref();
  };
  const stopSweep = () => {
    if (sweep && open.size === 0) {
      clearInterval(sweep);
      sweep = undefined;
    }
  };
  // Before the server stops accepting: end every stream, else close() would wait for them.
  app.addHook('preClose', async () => {
    for (const response of open.keys()) response.end();
    if (sweep) clearInterval(sweep);
    sweep = undefined;
  });

  app.get(
    '/notification/stream',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['notifications'],
        summary: 'Live notifications as Server-Sent Events (text/event-stream)',
        querystring: streamQuerySchema,
      },
    },
    async (request, reply) => {
      const { personId, sessionId } = await deps.streamTickets.redeem(request.query.ticket);
      if (!(await isSessionValid(deps, personId, sessionId))) throw new AppError('Unauthorized');
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 5000\n\n: connected\n\n');
      open.set(response, { personId, sessionId });
      startSweep();
      // Signals are handled one after another, so notifications arrive in the order written.
      let queue = Promise.resolve();
      const unsubscribe = deps.realtime.subscribe(personId, (signal) => {
        queue = queue
          .then(async () => {
            if (response.writableEnded) return;
            // Nothing more for a sign-in that ended since the last check.
            if (!(await isSessionValid(deps, personId, sessionId))) return void response.end();
            const notification = await findStreamedNotification(deps, personId, signal.notificationId);
            if (!notification || response.writableEnded) return;
            response.write(`id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'notification stream: delivery failed'));
      });
      const heartbeat = setInterval(() => {
        if (!response.writableEnded) response.write(': heartbeat\n\n');
      }, streamTiming.heartbeatMs);
      response.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
        stopSweep();
      });
      return reply;
    },
  );
};
