import { eventImageQuerySchema, eventImageUploadField } from '@bpw/domain/schemas/event';
import { uploadedImageSchema } from '@bpw/domain/schemas/image';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { readUploadedFile, sendStoredImage } from '../../platform/image-http';
import { deleteEventImage, getEventImage, uploadEventImage } from './event-image.service';

/** Spec 02 §7 "POST event/{id}/event-image (field EventImage); DELETE same; GET ... size, cache". */
export const eventImageRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['events'];
  const get = {
    tags,
    params: idParamsSchema,
    querystring: eventImageQuerySchema,
  };

  app.get(
    '/event/:id/event-image',
    { schema: { ...get, summary: 'The event image (webp, small 640 px or large 1920 px; signed in)' } },
    async (request, reply) => {
      const params = { eventId: request.params.id, isPublic: false, ...request.query };
      return sendStoredImage(request, reply, await getEventImage(deps, params));
    },
  );
  app.get(
    '/event-public/:id/event-image',
    { config: { auth: 'public' }, schema: { ...get, summary: 'The image of a public event (anyone)' } },
    async (request, reply) => {
      const params = { eventId: request.params.id, isPublic: true, ...request.query };
      return sendStoredImage(request, reply, await getEventImage(deps, params));
    },
  );

  app.post(
    '/event/:id/event-image',
    {
      schema: {
        tags,
        summary: 'Upload the event image (multipart field EventImage; PNG or JPEG from 300x300 px, up to 10 MB)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: uploadedImageSchema },
      },
    },
    async (request, reply) => {
      const readFile = () => readUploadedFile(request, eventImageUploadField);
      return reply.code(201).send(await uploadEventImage(deps, requireActor(request), request.params.id, readFile));
    },
  );
  app.delete(
    '/event/:id/event-image',
    { schema: { tags, summary: 'Remove the event image', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteEventImage(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
