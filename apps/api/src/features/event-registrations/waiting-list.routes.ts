import {
  eventRegistrationSchema,
  waitingListQuerySchema,
  waitingListSchema,
  waitingListStateBodySchema,
} from '@bpw/domain/schemas/event-registration';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import { getWaitingList, moveUpByHand, setWaitingListState } from './waiting-list.service';
import { findRegistrationEvent } from './registration-checks.queries';
import { canManageEvent } from '@bpw/domain/permissions';
import { forbidden, notFound } from '../../platform/errors';

const tags = ['event-registrations'];

/** Issue 19: the waiting list, for the managers of the event. */
export const waitingListRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/event/:id/waiting-list',
    {
      schema: {
        tags,
        summary: "An event's waiting list in its order (place 1 moves up next)",
        params: idParamsSchema,
        querystring: waitingListQuerySchema,
        response: { 200: waitingListSchema },
      },
    },
    async (request) => getWaitingList(deps, requireActor(request), request.params.id, request.query),
  );

  app.put(
    '/event-registration/:id/move-up',
    {
      schema: {
        tags,
        summary: 'Put a waiting registration first in line; she takes a free place at once if there is one',
        params: idParamsSchema,
        response: { 200: eventRegistrationSchema },
      },
    },
    async (request) => moveUpByHand(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/event/:id/waiting-list-state',
    {
      config: {
        authorize: async (request) => {
          const event = await findRegistrationEvent(deps.db, { eventId: request.params.id! });
          if (!event) throw notFound();
          if (!canManageEvent(requireActor(request), event)) throw forbidden();
        },
      },
      schema: {
        tags,
        summary: 'Close the waiting list to newcomers (those waiting keep their places) or open it again',
        params: idParamsSchema,
        body: waitingListStateBodySchema,
        response: { 200: z.object({ isWaitingListClosed: z.boolean() }) },
      },
    },
    async (request) => setWaitingListState(deps, requireActor(request), request.params.id, request.body),
  );
};
