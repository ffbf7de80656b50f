import {
  copyCustomFieldsBodySchema,
  eventCustomFieldCreateBodySchema,
  eventCustomFieldListQuerySchema,
  eventCustomFieldListSchema,
  eventCustomFieldSchema,
  eventCustomFieldUpdateBodySchema,
} from '@bpw/domain/schemas/event-custom-field';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { actorOf, requireActor } from '../../platform/auth/auth-plugin';
import {
  authorizeFieldChange,
  authorizeFieldWrites,
  copyFields,
  createField,
  listEventFields,
  listPublicEventFields,
  removeField,
  updateField,
} from './event-custom-fields.service';

const tags = ['event-custom-fields'];
// Labels of the option rows: "Option" rather than "Value".
const config = { fieldScope: 'eventCustomField' };

/** Spec 02 §7: custom registration fields of an event. */
export const eventCustomFieldsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/event/:id/custom-field',
    {
      schema: {
        tags,
        summary: "An event's custom fields (all for its managers, the member-visible ones for other members)",
        params: idParamsSchema,
        querystring: eventCustomFieldListQuerySchema,
        response: { 200: eventCustomFieldListSchema },
      },
    },
    async (request) => listEventFields(deps, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/event-public/:id/custom-field',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The custom fields of the registration form, filtered by the caller audience mode',
        params: idParamsSchema,
        querystring: eventCustomFieldListQuerySchema,
        response: { 200: eventCustomFieldListSchema },
      },
    },
    async (request) => listPublicEventFields(deps, actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/event-custom-field',
    {
      config: { ...config, authorize: (request) => authorizeFieldWrites(requireActor(request)) },
      schema: {
        tags,
        summary: 'Add a custom field to an event',
        body: eventCustomFieldCreateBodySchema,
        response: { 201: eventCustomFieldSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createField(deps, requireActor(request), request.body)),
  );

  app.put(
    '/event-custom-field/:id',
    {
      config: {
        ...config,
        authorize: (request) => authorizeFieldChange(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Change a custom field (answers that no longer fit are removed)',
        params: idParamsSchema,
        body: eventCustomFieldUpdateBodySchema,
        response: { 200: eventCustomFieldSchema },
      },
    },
    async (request) => updateField(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/event-custom-field/:id',
    {
      schema: { tags, summary: 'Delete a custom field', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeField(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/event/:id/copy-custom-field',
    {
      config: { authorize: (request) => authorizeFieldWrites(requireActor(request)) },
      schema: {
        tags,
        summary: 'Copy the custom fields of this event (the source) to targetEventId',
        params: idParamsSchema,
        body: copyCustomFieldsBodySchema,
        response: { 200: eventCustomFieldListSchema },
      },
    },
    async (request) => copyFields(deps, requireActor(request), request.params.id, request.body),
  );
};
