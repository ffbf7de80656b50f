import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/feature-deps';
import { isDatabaseReachable } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers 200 once the database is reachable',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) =>
      (await isDatabaseReachable(deps.database.db))
        ? reply.send({ status: 'ok' as const })
        : reply.code(503).send({ status: 'unavailable' as const }),
  );
};
