import {
  duplicateComparisonQuerySchema,
  duplicateComparisonSchema,
  duplicateDismissalBodySchema,
  duplicateListQuerySchema,
  duplicateListSchema,
  mergeBodySchema,
  mergeResultSchema,
} from '@bpw/domain/schemas/duplicate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import { authorizeMerge, getDuplicateComparison, mergePersons } from './duplicate-merge.service';
import { authorizeDuplicates, dismissDuplicate, findDuplicates } from './duplicates.service';

/** Issue 16 "Duplicates and merge" (docs/decisions/duplicates.md). */
export const duplicatesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['duplicates'];

  app.get(
    '/duplicate',
    {
      schema: {
        tags,
        summary: 'Likely duplicate persons, paged (admins; club managers for the persons they manage)',
        querystring: duplicateListQuerySchema,
        response: { 200: duplicateListSchema },
      },
    },
    async (request) => findDuplicates(deps, requireActor(request), request.query),
  );

  app.post(
    '/duplicate/dismissal',
    {
      schema: {
        tags,
        summary: 'Marks two persons as "not a duplicate", for good',
        body: duplicateDismissalBodySchema,
        response: { 204: z.null() },
      },
      config: { authorize: async (request) => authorizeDuplicates(requireActor(request)) },
    },
    async (request, reply) => {
      await dismissDuplicate(deps, requireActor(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/duplicate/comparison',
    {
      schema: {
        tags,
        summary: 'Two persons side by side, with what a merge would move',
        querystring: duplicateComparisonQuerySchema,
        response: { 200: duplicateComparisonSchema },
      },
    },
    async (request) => getDuplicateComparison(deps, requireActor(request), request.query.PersonIds),
  );

  app.post(
    '/duplicate/merge',
    {
      schema: {
        tags,
        summary: 'Merges a person into another, field by field, in one transaction',
        body: mergeBodySchema,
        response: { 200: mergeResultSchema },
      },
      config: { authorize: async (request) => authorizeMerge(requireActor(request)) },
    },
    async (request) => mergePersons(deps, requireActor(request), request.body),
  );
};
