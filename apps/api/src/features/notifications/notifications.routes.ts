import {
  markAllReadBodySchema,
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  streamTicketSchema,
} from '@bpw/domain/schemas/notification';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor, requireAuth } from '../../platform/auth/auth-plugin';
import { permissionNeedsBody } from '../../platform/authorize-first';
import { notificationStreamRoute } from './notification-stream';
import { findNotificationsOf, markAllRead, markRead } from './notifications.service';
import { subscriptionsRoutes } from './subscriptions.routes';

const tags = ['notifications'];

/** Spec 01 §7 "Notifications", the subscriptions, and the live stream (DESIGN "go past the spec"). */
export const notificationsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/notification',
    {
      schema: {
        tags,
        summary: 'The signed-in person’s notifications (an admin may name another PersonId)',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => findNotificationsOf(deps, requireActor(request), request.query),
  );

  app.put(
    '/notification/:id/is-read',
    {
      schema: {
        tags,
        summary: 'Mark one of the own notifications as read',
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => markRead(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/notification',
    {
      schema: {
        tags,
        summary: 'Mark all own notifications of a channel as read',
        body: markAllReadBodySchema,
        response: { 200: markAllReadResultSchema },
      },
      // Everyone marks her own: whose, the body says.
      config: { authorize: permissionNeedsBody },
    },
    async (request) => markAllRead(deps, requireActor(request), request.body),
  );

  app.post(
    '/notification/stream-ticket',
    {
      schema: {
        tags,
        summary: 'A single-use ticket (60 s) that opens GET notification/stream',
        response: { 201: streamTicketSchema },
      },
    },
    async (request, reply) => {
      const { actor, sessionId } = requireAuth(request);
      return reply.code(201).send(await deps.streamTickets.issue({ personId: actor.personId, sessionId }));
    },
  );

  await app.register(notificationStreamRoute, deps);
  await app.register(subscriptionsRoutes, deps);
};
