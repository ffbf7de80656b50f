import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { getPublicEventCalendar } from './event-reads.service';

/** GET event-public/{id}/ics (issue 6): the public event as iCalendar for "add to calendar". */
export const eventIcsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/event-public/:id/ics',
    {
      config: { auth: 'public' },
      schema: { tags: ['events'], summary: 'A public event as an iCalendar file (anyone)', params: idParamsSchema },
    },
    async (request, reply) => {
      const calendar = await getPublicEventCalendar(deps, request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', calendar.contentDisposition)
        .header('Cache-Control', 'no-cache')
        .send(calendar.body);
    },
  );
};
