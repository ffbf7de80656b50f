import { clubBodySchema, clubListQuerySchema, clubListSchema, clubSchema } from '@bpw/domain/schemas/club';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { authorizeClubWrites, changeClub, createClub, findClubList, getClubById, removeClub } from './clubs.service';

const tags = ['clubs'];

/** Spec 01 §7 "Clubs". */
export const clubsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const list = {
    tags,
    querystring: clubListQuerySchema,
    response: { 200: clubListSchema },
  };
  app.get('/club', { schema: { ...list, summary: 'Clubs (signed in)' } }, async (request) =>
    findClubList(deps, request.query),
  );
  app.get(
    '/club-public',
    { config: { auth: 'public' }, schema: { ...list, summary: 'Clubs for anonymous visitors' } },
    async (request) => findClubList(deps, request.query),
  );

  app.get(
    '/club/:id',
    { schema: { tags, summary: 'One club', params: idParamsSchema, response: { 200: clubSchema } } },
    async (request) => getClubById(deps, request.params.id),
  );

  app.post(
    '/club',
    {
      schema: { tags, summary: 'Create a club (admins)', body: clubBodySchema, response: { 201: clubSchema } },
      config: { authorize: (request) => authorizeClubWrites(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createClub(deps, requireActor(request), request.body)),
  );

  app.put(
    '/club/:id',
    {
      schema: {
        tags,
        summary: 'Change a club (admins)',
        params: idParamsSchema,
        body: clubBodySchema,
        response: { 200: clubSchema },
      },
      config: { authorize: (request) => authorizeClubWrites(requireActor(request)) },
    },
    async (request) => changeClub(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/club/:id',
    {
      schema: {
        tags,
        summary: 'Delete a club without relations and events (admins)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeClub(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
