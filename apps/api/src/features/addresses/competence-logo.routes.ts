import { personAddressParamsSchema } from '@bpw/domain/schemas/address';
import { competenceLogoQuerySchema, competenceLogoUploadField, uploadedImageSchema } from '@bpw/domain/schemas/image';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { readUploadedFile, sendStoredImage } from '../../platform/image-http';
import { deleteCompetenceLogo, getCompetenceLogo, uploadCompetenceLogo } from './competence-logo.service';

/** Spec 01 §7: the competence logo of a business address (form field CompetenceLogo). */
export const competenceLogoRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const url = '/person/:id/address/:addressId/competence-logo';
  const tags = ['addresses'];
  const refOf = (params: { id: string; addressId: string }) => ({ personId: params.id, addressId: params.addressId });

  app.post(
    url,
    {
      schema: {
        tags,
        summary: 'Upload the competence logo (multipart field CompetenceLogo; PNG or JPEG up to 10 MB)',
        consumes: ['multipart/form-data'],
        params: personAddressParamsSchema,
        response: { 201: uploadedImageSchema },
      },
    },
    async (request, reply) => {
      const readFile = () => readUploadedFile(request, competenceLogoUploadField);
      const uploaded = await uploadCompetenceLogo(deps, requireActor(request), refOf(request.params), readFile);
      return reply.code(201).send(uploaded);
    },
  );

  app.get(
    url,
    {
      schema: {
        tags,
        summary: 'The competence logo (webp); cacheable for good when `cache` is the current logo id',
        params: personAddressParamsSchema,
        querystring: competenceLogoQuerySchema,
      },
    },
    async (request, reply) => {
      const ref = { ...refOf(request.params), cache: request.query.cache };
      return sendStoredImage(request, reply, await getCompetenceLogo(deps, requireActor(request), ref));
    },
  );

  app.delete(
    url,
    {
      schema: {
        tags,
        summary: 'Remove the competence logo',
        params: personAddressParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCompetenceLogo(deps, requireActor(request), refOf(request.params));
      return reply.code(204).send(null);
    },
  );
};
