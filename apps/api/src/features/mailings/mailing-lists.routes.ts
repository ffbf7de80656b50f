import {
  mailingListListQuerySchema,
  mailingListPageSchema,
  mailingListSchema,
  mailingListWriteSchema,
  subscriberAddSchema,
  subscriberListQuerySchema,
  subscriberPageSchema,
  subscriberParamsSchema,
  unsubscribeInfoSchema,
  unsubscribeParamsSchema,
} from '@bpw/domain/schemas/mailing';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import {
  addSubscriber,
  authorizeListWrites,
  changeMailingList,
  createMailingList,
  getMailingList,
  leaveSelf,
  listMailingLists,
  listSubscribers,
  removeMailingList,
  removeSubscriber,
  requireManagedList,
  subscribeSelf,
} from './mailing-lists.service';
import { getUnsubscribeInfo, unsubscribe } from './mailing-unsubscribe.service';

const tags = ['mailings'];

/** Issue 18: mailing lists and their subscribers (docs/decisions/mailings.md). */
export const mailingListsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/mailing-list',
    {
      schema: {
        tags,
        summary: 'The mailing lists the caller sees (her clubs’ open lists, the lists she manages), by name',
        querystring: mailingListListQuerySchema,
        response: { 200: mailingListPageSchema },
      },
    },
    async (request) => listMailingLists(deps, requireActor(request), request.query),
  );

  app.post(
    '/mailing-list',
    {
      schema: {
        tags,
        summary: 'Creates a mailing list',
        body: mailingListWriteSchema,
        response: { 201: mailingListSchema },
      },
      config: { authorize: (request) => authorizeListWrites(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createMailingList(deps, requireActor(request), request.body)),
  );

  app.get(
    '/mailing-list/:id',
    { schema: { tags, summary: 'A mailing list', params: idParamsSchema, response: { 200: mailingListSchema } } },
    async (request) => getMailingList(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/mailing-list/:id',
    {
      schema: {
        tags,
        summary: 'Changes a mailing list (its club stays)',
        params: idParamsSchema,
        body: mailingListWriteSchema,
        response: { 200: mailingListSchema },
      },
      config: { authorize: (request) => requireManagedList(deps, requireActor(request), request.params.id!) },
    },
    async (request) => changeMailingList(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/mailing-list/:id',
    { schema: { tags, summary: 'Deletes a mailing list', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeMailingList(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/mailing-list/:id/subscriber',
    {
      schema: {
        tags,
        summary: "A list's subscribers, by name",
        params: idParamsSchema,
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberPageSchema },
      },
    },
    async (request) => listSubscribers(deps, requireActor(request), request.params.id, request.query),
  );

  app.post(
    '/mailing-list/:id/subscriber',
    {
      schema: {
        tags,
        summary: 'Adds a person to a list (201; 200 when she was on it)',
        params: idParamsSchema,
        body: subscriberAddSchema,
        response: { 200: subscriberAddSchema, 201: subscriberAddSchema },
      },
      config: { authorize: (request) => requireManagedList(deps, requireActor(request), request.params.id!) },
    },
    async (request, reply) => {
      const added = await addSubscriber(deps, requireActor(request), request.params.id, request.body.personId);
      return reply.code(added.isNew ? 201 : 200).send({ personId: added.personId });
    },
  );

  app.delete(
    '/mailing-list/:id/subscriber/:personId',
    {
      schema: {
        tags,
        summary: 'Takes a person off a list',
        params: subscriberParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSubscriber(deps, requireActor(request), request.params.id, request.params.personId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/mailing-list/:id/subscription',
    {
      schema: {
        tags,
        summary: 'Subscribes the caller to an open list',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await subscribeSelf(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/mailing-list/:id/subscription',
    { schema: { tags, summary: 'The caller leaves a list', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await leaveSelf(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/**
 * The anonymous unsubscribe link of a list mailing (RFC 8058). Its own plugin: the one-click POST
 * comes as application/x-www-form-urlencoded (`List-Unsubscribe=One-Click`), which only these
 * routes accept (and ignore: the token says everything).
 */
export const mailingUnsubscribeRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, null),
  );

  app.get(
    '/mailing-unsubscribe/:token',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link stands for (changes nothing)',
        params: unsubscribeParamsSchema,
        response: { 200: unsubscribeInfoSchema },
      },
      config: { auth: 'public' },
    },
    async (request) => getUnsubscribeInfo(deps, request.params.token),
  );

  app.post(
    '/mailing-unsubscribe/:token',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): takes the recipient off the list; idempotent',
        params: unsubscribeParamsSchema,
        response: { 204: z.null() },
      },
      config: { auth: 'public' },
    },
    async (request, reply) => {
      await unsubscribe(deps, request.params.token);
      return reply.code(204).send(null);
    },
  );
};
