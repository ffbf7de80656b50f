import { shortListQuerySchema } from '@bpw/domain/second-factors';
import {
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
} from '@bpw/domain/schemas/api-token';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { ApiTokenOwner } from './api-tokens.queries';
import { authorizeTokenOwner, createApiToken, listApiTokens, revokeApiTokenById } from './api-tokens.service';

const idParams = z.object({ id: z.uuid({ error: 'invalid' }) });
const tags = ['api-tokens'];

/**
 * Issue 26: personal access tokens, and service tokens of a club or of the association
 * (docs/decisions/api-tokens.md). None of these routes accepts a token itself
 * (platform/auth/api-token-scopes.ts has no row for them).
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const personal = (actorPersonId: string): ApiTokenOwner => ({ kind: 'personal', personId: actorPersonId });
  const club = (clubId: string): ApiTokenOwner => ({ kind: 'club', clubId });
  const association: ApiTokenOwner = { kind: 'association' };

  app.get(
    '/api-token',
    {
      schema: {
        tags,
        summary: 'The own personal access tokens, newest first',
        querystring: shortListQuerySchema,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return listApiTokens(deps, actor, personal(actor.personId), request.query);
    },
  );

  app.post(
    '/api-token',
    {
      // Every signed-in person may have her own.
      config: { authorize: async () => undefined },
      schema: {
        tags,
        summary: 'Creates a personal access token; its secret is in this answer only',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      return reply.code(201).send(await createApiToken(deps, actor, personal(actor.personId), request.body));
    },
  );

  app.get(
    '/club/:id/api-token',
    {
      schema: {
        tags,
        summary: "A club's service tokens (its database managers and admins)",
        params: idParams,
        querystring: shortListQuerySchema,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => listApiTokens(deps, requireActor(request), club(request.params.id), request.query),
  );

  app.post(
    '/club/:id/api-token',
    {
      config: {
        authorize: async (request) => authorizeTokenOwner(deps, requireActor(request), club(request.params.id!)),
      },
      schema: {
        tags,
        summary: 'Creates a service token of the club; its secret is in this answer only',
        params: idParams,
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiToken(deps, requireActor(request), club(request.params.id), request.body)),
  );

  app.get(
    '/association/api-token',
    {
      schema: {
        tags,
        summary: "The association's service tokens (admins)",
        querystring: shortListQuerySchema,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => listApiTokens(deps, requireActor(request), association, request.query),
  );

  app.post(
    '/association/api-token',
    {
      config: { authorize: async (request) => authorizeTokenOwner(deps, requireActor(request), association) },
      schema: {
        tags,
        summary: 'Creates a service token of the association (admins); its secret is in this answer only',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiToken(deps, requireActor(request), association, request.body)),
  );

  app.delete(
    '/api-token/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a token at once: the own, the club’s (its managers) or the association’s (admins)',
        params: idParams,
        response: { 200: apiTokenSchema },
      },
    },
    async (request) => revokeApiTokenById(deps, requireActor(request), request.params.id),
  );
};
