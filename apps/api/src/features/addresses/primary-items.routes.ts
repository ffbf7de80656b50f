import { personIdParamsSchema } from '@bpw/domain/auth-schemas';
import { primaryItemBodySchema, primaryItemKinds } from '@bpw/domain/schemas/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { authorizePrimaryItem, setPersonPrimaryItem } from './primary-items.service';

/** Spec 01 §7: PUT person/{id}/primary-address, -phone, -email, -url and -club with { id | null }. */
export const primaryItemsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  for (const kind of primaryItemKinds) {
    app.put(
      `/person/:id/primary-${kind}`,
      {
        schema: {
          tags: ['addresses'],
          summary: `Mark the person's primary ${kind}, or unset it with id null`,
          params: personIdParamsSchema,
          body: primaryItemBodySchema,
          response: { 204: z.null() },
        },
        config: {
          authorize: (request) =>
            authorizePrimaryItem(deps, requireActor(request), { personId: request.params.id!, kind }),
        },
      },
      async (request, reply) => {
        await setPersonPrimaryItem(deps, requireActor(request), {
          personId: request.params.id,
          kind,
          id: request.body.id,
        });
        return reply.code(204).send(null);
      },
    );
  }
};
