import {
  eventPublicationBodySchema,
  eventPublicationListQuerySchema,
  eventPublicationListSchema,
  eventPublicationSchema,
  eventPublicationStateBodySchema,
} from '@bpw/domain/schemas/event-publication';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import {
  authorizePublicationCreation,
  authorizePublicationState,
  changePublicationState,
  createPublications,
  findPublicationList,
  removePublication,
} from './event-publications.service';

const tags = ['event-publications'];

/** Spec 02 §7 "event-publication": offering events to other clubs, and their answers. */
export const eventPublicationsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const list = { tags, querystring: eventPublicationListQuerySchema, response: { 200: eventPublicationListSchema } };

  app.get('/event-publication', { schema: { ...list, summary: 'Publications the caller may see' } }, async (request) =>
    findPublicationList(deps, requireActor(request), request.query),
  );
  app.get(
    '/event/:id/event-publication',
    { schema: { ...list, params: idParamsSchema, summary: 'Publications of an event' } },
    async (request) => findPublicationList(deps, requireActor(request), request.query, { eventId: request.params.id }),
  );
  app.get(
    '/club/:id/event-publication',
    { schema: { ...list, params: idParamsSchema, summary: 'Publications offered to a club' } },
    async (request) => findPublicationList(deps, requireActor(request), request.query, { clubId: request.params.id }),
  );

  app.post(
    '/event-publication',
    {
      schema: {
        tags,
        summary: 'Offer an event to clubs (its managers; isLocked: admins)',
        body: eventPublicationBodySchema,
        response: { 201: eventPublicationListSchema },
      },
      config: { authorize: (request) => authorizePublicationCreation(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createPublications(deps, requireActor(request), request.body)),
  );

  app.put(
    '/event-publication/:id/state',
    {
      schema: {
        tags,
        summary: 'Confirm or reject a publication (managers of its club; locked: admins)',
        params: idParamsSchema,
        body: eventPublicationStateBodySchema,
        response: { 200: eventPublicationSchema },
      },
      config: { authorize: (request) => authorizePublicationState(deps, requireActor(request), request.params.id!) },
    },
    async (request) => changePublicationState(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/event-publication/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw a publication (managers of the event; locked: admins)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePublication(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
