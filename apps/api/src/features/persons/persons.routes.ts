import { personIdParamsSchema } from '@bpw/domain/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../app';
import { requireActor } from '../../platform/auth/auth-plugin';
import { personDetailSchema } from './persons.schemas';
import { getPersonById } from './persons.service';

export const personsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/person/:id',
    {
      schema: {
        tags: ['persons'],
        summary: 'One person (also the signed-in person, whose languageCode sets the UI language)',
        params: personIdParamsSchema,
        response: { 200: personDetailSchema },
      },
    },
    async (request) => getPersonById(deps, requireActor(request), request.params.id),
  );
};
