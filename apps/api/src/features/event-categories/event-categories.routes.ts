import {
  eventCategoryBodySchema,
  eventCategoryDetailSchema,
  eventCategoryListQuerySchema,
  eventCategoryListSchema,
  eventCategorySchema,
} from '@bpw/domain/schemas/event';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import {
  authorizeCategoryWrites,
  changeCategory,
  createCategory,
  findCategoryList,
  getCategoryById,
  removeCategory,
} from './event-categories.service';

const tags = ['event-categories'];

/** Spec 02 §7 "GET event-category, event-category-public ... POST event-category". */
export const eventCategoriesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const list = { tags, querystring: eventCategoryListQuerySchema, response: { 200: eventCategoryListSchema } };
  app.get('/event-category', { schema: { ...list, summary: 'Event categories (signed in)' } }, (request) =>
    findCategoryList(deps, request.query),
  );
  app.get(
    '/event-category-public',
    { config: { auth: 'public' }, schema: { ...list, summary: 'Event categories (anyone)' } },
    (request) => findCategoryList(deps, request.query),
  );
  app.get(
    '/event-category/:id',
    {
      schema: {
        tags,
        summary: 'One category with the number of its events',
        params: idParamsSchema,
        response: { 200: eventCategoryDetailSchema },
      },
    },
    (request) => getCategoryById(deps, request.params.id),
  );
  app.post(
    '/event-category',
    {
      schema: {
        tags,
        summary: 'Create a category (admins)',
        body: eventCategoryBodySchema,
        response: { 201: eventCategorySchema },
      },
      config: { authorize: (request) => authorizeCategoryWrites(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createCategory(deps, requireActor(request), request.body)),
  );
  app.put(
    '/event-category/:id',
    {
      schema: {
        tags,
        summary: 'Rename a category (admins)',
        params: idParamsSchema,
        body: eventCategoryBodySchema,
        response: { 200: eventCategorySchema },
      },
      config: { authorize: (request) => authorizeCategoryWrites(requireActor(request)) },
    },
    (request) => changeCategory(deps, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/event-category/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category without events (admins)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeCategory(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
