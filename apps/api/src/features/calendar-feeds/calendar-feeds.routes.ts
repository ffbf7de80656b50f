import { calendarFeedKeyParamsSchema, calendarFeedLinksSchema } from '@bpw/domain/schemas/calendar-feed';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import {
  type FeedAnswer,
  clubFeed,
  getClubFeedLinks,
  getOwnFeed,
  personalFeed,
  renewOwnFeed,
} from './calendar-feeds.service';

const tags = ['calendar-feeds'];

/** A feed with its ETag: an unchanged one is a 304 without reading a single event. */
async function sendFeed(request: FastifyRequest, reply: FastifyReply, answer: FeedAnswer) {
  reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  const body = await answer.body();
  return reply
    .type('text/calendar; charset=utf-8')
    .header('Content-Disposition', 'inline; filename="calendar.ics"')
    .send(body);
}

/** Issue 19: personal and club calendar feeds (iCalendar, webcal). */
export const calendarFeedsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/calendar-feed',
    {
      schema: {
        tags,
        summary: "The signed-in person's secret feed address of the events she is registered for",
        response: { 200: calendarFeedLinksSchema },
      },
    },
    async (request) => getOwnFeed(deps, requireActor(request)),
  );

  app.put(
    '/calendar-feed/renewal',
    {
      schema: {
        tags,
        summary: 'A new secret feed address; the old one stops working',
        response: { 200: calendarFeedLinksSchema },
      },
    },
    async (request) => renewOwnFeed(deps, requireActor(request)),
  );

  app.get(
    '/calendar-feed/:key/calendar.ics',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A personal feed (iCalendar) by its secret address; ETag and If-None-Match answer 304',
        params: calendarFeedKeyParamsSchema,
      },
    },
    async (request, reply) => sendFeed(request, reply, await personalFeed(deps, request.params.key, request.locale)),
  );

  app.get(
    '/club-public/:id/calendar.ics',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A club's public events as a feed (iCalendar); ETag and If-None-Match answer 304",
        params: idParamsSchema,
      },
    },
    async (request, reply) => sendFeed(request, reply, await clubFeed(deps, request.params.id, request.locale)),
  );

  app.get(
    '/club-public/:id/calendar-feed',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The address of a club's public feed",
        params: idParamsSchema,
        response: { 200: calendarFeedLinksSchema },
      },
    },
    async (request) => getClubFeedLinks(deps, request.params.id),
  );
};
