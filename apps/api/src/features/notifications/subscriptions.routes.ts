import {
  notificationSubscriptionListSchema,
  notificationSubscriptionSchema,
  personIdParamSchema,
  subscriptionCreateBodySchema,
  subscriptionListQuerySchema,
  subscriptionParamsSchema,
  subscriptionUpdateBodySchema,
} from '@bpw/domain/schemas/notification';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import {
  authorize,
  changeSubscription,
  createSubscription,
  findSubscriptionsOf,
  removeSubscription,
} from './subscriptions.service';

const tags = ['notifications'];

/** Spec 01 §7 "Notification subscriptions". Editable by the person, an admin or her club's manager. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/person/:id/notification-subscription',
    {
      schema: {
        tags,
        summary: "A person's notification subscriptions",
        params: idParamsSchema,
        querystring: subscriptionListQuerySchema,
        response: { 200: notificationSubscriptionListSchema },
      },
    },
    async (request) =>
      findSubscriptionsOf(deps, requireActor(request), {
        personId: request.params.id,
        page: request.query.Page,
        perPage: request.query.PerPage,
      }),
  );

  app.post(
    '/person/:personId/notification-subscription',
    {
      schema: {
        tags,
        summary: 'Subscribe a person to a notification type (per club for the club-related types)',
        params: personIdParamSchema,
        body: subscriptionCreateBodySchema,
        response: { 201: notificationSubscriptionSchema },
      },
      config: { authorize: (request) => authorize(deps, requireActor(request), request.params.personId!) },
    },
    async (request, reply) => {
      const created = await createSubscription(deps, requireActor(request), request.params.personId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/person/:personId/notification-subscription/:id',
    {
      schema: {
        tags,
        summary: 'Switch the application and e-mail channels of a subscription',
        params: subscriptionParamsSchema,
        body: subscriptionUpdateBodySchema,
        response: { 200: notificationSubscriptionSchema },
      },
      config: { authorize: (request) => authorize(deps, requireActor(request), request.params.personId!) },
    },
    async (request) => changeSubscription(deps, requireActor(request), request.params, request.body),
  );

  app.delete(
    '/person/:personId/notification-subscription/:id',
    {
      schema: { tags, summary: 'Remove a subscription', params: subscriptionParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeSubscription(deps, requireActor(request), request.params);
      return reply.code(204).send(null);
    },
  );
};
