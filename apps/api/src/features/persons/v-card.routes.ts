import { personIdParamsSchema } from '@bpw/domain/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { getPersonVCard } from './v-card.service';

/** Spec 01 §7: GET person/{id}/v-card, a file named by the Content-Disposition header. */
export const vCardRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/person/:id/v-card',
    {
      schema: {
        tags: ['persons'],
        summary: "The person's contact card (vCard 4.0, text/vcard)",
        params: personIdParamsSchema,
      },
    },
    async (request, reply) => {
      const vCard = await getPersonVCard(deps, requireActor(request), request.params.id, request.locale);
      return reply
        .type('text/vcard; charset=utf-8')
        .header('Content-Disposition', vCard.contentDisposition)
        .header('Cache-Control', 'no-store')
        .send(vCard.body);
    },
  );
};
