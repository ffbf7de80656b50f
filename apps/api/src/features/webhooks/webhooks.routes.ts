import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import {
  webhookAttemptListQuerySchema,
  webhookAttemptListSchema,
  webhookCreateSchema,
  webhookListQuerySchema,
  webhookListSchema,
  webhookMessageParamsSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@bpw/domain/schemas/webhook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import {
  authorizeWebhookWrites,
  changeWebhook,
  createWebhook,
  getWebhook,
  listWebhookAttempts,
  listWebhooks,
  redeliverWebhookMessage,
  removeWebhook,
  requireManagedWebhook,
  rotateWebhookSecret,
} from './webhooks.service';

const tags = ['webhooks'];

/** Issue 26: signed webhooks of a club or of the association (docs/decisions/webhooks.md). */
export const webhooksRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/webhook',
    {
      schema: {
        tags,
        summary: "A club's webhook subscriptions (ClubId; its club managers) or the association's (admins)",
        querystring: webhookListQuerySchema,
        response: { 200: webhookListSchema },
      },
    },
    async (request) => listWebhooks(deps, requireActor(request), request.query.ClubId ?? null),
  );

  app.post(
    '/webhook',
    {
      schema: {
        tags,
        summary: 'Subscribes an https address to events; answers the signing secret, this once',
        body: webhookCreateSchema,
        response: { 201: webhookWithSecretSchema },
      },
      config: { authorize: (request) => authorizeWebhookWrites(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(deps, requireActor(request), request.body)),
  );

  app.get(
    '/webhook/:id',
    { schema: { tags, summary: 'A webhook subscription', params: idParamsSchema, response: { 200: webhookSchema } } },
    async (request) => getWebhook(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/webhook/:id',
    {
      schema: {
        tags,
        summary: 'Changes the address, the events, or enables and disables a subscription',
        params: idParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema },
      },
      config: { authorize: (request) => requireManagedWebhook(deps, requireActor(request), request.params.id!) },
    },
    async (request) => changeWebhook(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/webhook/:id',
    { schema: { tags, summary: 'Deletes a subscription and its delivery log', params: idParamsSchema } },
    async (request, reply) => {
      await removeWebhook(deps, requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/webhook/:id/secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, answered this once; the old one signs nothing more',
        params: idParamsSchema,
        response: { 200: webhookWithSecretSchema },
      },
    },
    async (request) => rotateWebhookSecret(deps, requireActor(request), request.params.id),
  );

  app.get(
    '/webhook/:id/attempt',
    {
      schema: {
        tags,
        summary: 'The delivery log of a subscription, newest first (status, response time, error)',
        params: idParamsSchema,
        querystring: webhookAttemptListQuerySchema,
        response: { 200: webhookAttemptListSchema },
      },
    },
    async (request) => listWebhookAttempts(deps, requireActor(request), request.params.id, request.query),
  );

  app.post(
    '/webhook/:id/message/:messageId/redelivery',
    {
      schema: {
        tags,
        summary: 'Sends a delivered or failed message again, with the same webhook-id',
        params: webhookMessageParamsSchema,
      },
    },
    async (request, reply) => {
      await redeliverWebhookMessage(deps, requireActor(request), request.params.id, request.params.messageId);
      return reply.code(202).send();
    },
  );
};
