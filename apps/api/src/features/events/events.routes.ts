import {
  eventBodySchema,
  eventDetailSchema,
  eventListQuerySchema,
  eventListSchema,
  eventSchema,
  eventStateBodySchema,
  eventUpdateBodySchema,
} from '@bpw/domain/schemas/event';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { actorOf, requireActor } from '../../platform/auth/auth-plugin';
import { createPublicCache } from '../../platform/public-cache';
import { findEventList, getEventDetail, getPublicEventDetail } from './event-reads.service';
import {
  authorizeEventChange,
  authorizeEventCreation,
  changeEvent,
  changeEventState,
  createEvent,
  removeEvent,
} from './event-write.service';

const tags = ['events'];
// Validation messages name the event form's labels (field.eventForm.*).
const eventForm = { fieldScope: 'eventForm' } as const;

/** Spec 02 §7 "GET event ... DELETE event/{id}, PUT event/{id}/event-state". */
export const eventsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const publicCache = createPublicCache({ db: deps.db });
  const list = { tags, querystring: eventListQuerySchema, response: { 200: eventListSchema } };
  app.get('/event', { schema: { ...list, summary: 'Events (signed in; more states for their managers)' } }, (request) =>
    findEventList(deps, requireActor(request), request.query),
  );
  app.get(
    '/event-public',
    { config: { auth: 'public' }, schema: { ...list, summary: 'Published, open and completed events (anyone)' } },
    // The same for every visitor: prepared once per change (issue 24).
    (request, reply) => publicCache.send(request, reply, () => findEventList(deps, null, request.query)),
  );
  app.get('/club/:id/event', { schema: { ...list, summary: "A club's events", params: idParamsSchema } }, (request) =>
    findEventList(deps, requireActor(request), request.query, { clubId: request.params.id }),
  );

  const detail = { tags, params: idParamsSchema, response: { 200: eventDetailSchema } };
  app.get('/event/:id', { schema: { ...detail, summary: 'One event (signed in)' } }, (request) =>
    getEventDetail(deps, requireActor(request), request.params.id),
  );
  app.get(
    '/event-public/:id',
    {
      config: { auth: 'optional' },
      schema: { ...detail, summary: 'One public event with the caller’s registration status (anyone)' },
    },
    (request, reply) => {
      const actor = actorOf(request);
      // A visitor who is not signed in has no registrations: her page is everybody's.
      if (actor) return getPublicEventDetail(deps, actor, request.params.id);
      return publicCache.send(request, reply, () => getPublicEventDetail(deps, null, request.params.id));
    },
  );

  app.post(
    '/event',
    {
      config: { ...eventForm, authorize: (request) => authorizeEventCreation(requireActor(request)) },
      schema: { tags, summary: 'Create an event (Planning)', body: eventBodySchema, response: { 201: eventSchema } },
    },
    async (request, reply) => reply.code(201).send(await createEvent(deps, requireActor(request), request.body)),
  );
  app.put(
    '/event/:id',
    {
      config: {
        ...eventForm,
        authorize: (request) => authorizeEventChange(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Change an event (its managers)',
        params: idParamsSchema,
        body: eventUpdateBodySchema,
        response: { 200: eventSchema },
      },
    },
    (request) => changeEvent(deps, requireActor(request), request.params.id, request.body),
  );
  app.put(
    '/event/:id/event-state',
    {
      config: {
        ...eventForm,
        authorize: (request) => authorizeEventChange(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Change the event state (its managers)',
        params: idParamsSchema,
        body: eventStateBodySchema,
        response: { 200: eventSchema },
      },
    },
    (request) => changeEventState(deps, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/event/:id',
    {
      schema: {
        tags,
        summary: 'Delete an event with its registrations (its managers)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeEvent(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
