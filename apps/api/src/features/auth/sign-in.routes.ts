import {
  authTokensSchema,
  authenticateBodySchema,
  logoutBodySchema,
  refreshBodySchema,
} from '@bpw/domain/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { bearerTokenOf } from '../../platform/auth/auth-plugin';
import { authRateLimits } from '../../platform/auth/rate-limits';
import { clientInfoOf } from './client-info';
import { authenticate, logout, refreshSession } from './sign-in.service';

export const signInRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.post(
    '/auth/authenticate',
    {
      config: { auth: 'public', rateLimit: authRateLimits.authenticate },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with username and password; the terms must be accepted',
        body: authenticateBodySchema,
        response: { 200: authTokensSchema },
      },
    },
    async (request) => authenticate(deps, request.body, clientInfoOf(request)),
  );

  app.post(
    '/auth/refresh',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Rotates the refresh token; reuse of a used one ends the whole sign-in',
        body: refreshBodySchema,
        response: { 200: authTokensSchema },
      },
    },
    async (request) => refreshSession(deps, request.body, clientInfoOf(request)),
  );

  app.post(
    '/auth/logout',
    {
      // Public: it must work with an expired access token; the refresh token proves the session.
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Ends the sign-in of the given refresh token (and of the bearer token)',
        body: logoutBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logout(deps, request.body, bearerTokenOf(request));
      return reply.code(204).send(null);
    },
  );
};
