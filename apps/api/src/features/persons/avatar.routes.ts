import { personIdParamsSchema } from '@bpw/domain/auth-schemas';
import { avatarQuerySchema, avatarUploadField, uploadedImageSchema } from '@bpw/domain/schemas/image';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { readUploadedFile, sendStoredImage } from '../../platform/image-http';
import { deleteAvatar, getAvatar, uploadAvatar } from './avatar.service';

/** Spec 01 §7 "Avatar". */
export const avatarRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const url = '/person/:id/avatar';
  const tags = ['persons'];

  app.get(
    url,
    {
      schema: {
        tags,
        summary: 'The avatar (webp, s 64 px, m 160 px, l 512 px); cacheable for good when `cache` is the avatar id',
        params: personIdParamsSchema,
        querystring: avatarQuerySchema,
      },
    },
    async (request, reply) => {
      const params = { personId: request.params.id, size: request.query.size, cache: request.query.cache };
      return sendStoredImage(request, reply, await getAvatar(deps, requireActor(request), params));
    },
  );

  app.post(
    url,
    {
      schema: {
        tags,
        summary: 'Upload the avatar (multipart field Avatar; PNG or JPEG up to 10 MB)',
        consumes: ['multipart/form-data'],
        params: personIdParamsSchema,
        response: { 201: uploadedImageSchema },
      },
    },
    async (request, reply) => {
      const readFile = () => readUploadedFile(request, avatarUploadField);
      const uploaded = await uploadAvatar(deps, requireActor(request), request.params.id, readFile);
      return reply.code(201).send(uploaded);
    },
  );

  app.delete(
    url,
    { schema: { tags, summary: 'Remove the avatar', params: personIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAvatar(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
