import { changePasswordBodySchema, resetPasswordBodySchema, setPasswordBodySchema } from '@bpw/domain/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { actorOf, requireAuth } from '../../platform/auth/auth-plugin';
import { authRateLimits } from '../../platform/auth/rate-limits';
import { permissionNeedsBody } from '../../platform/authorize-first';
import { changePassword, requestPasswordReset, setPasswordWithLink } from './password.service';

export const passwordRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.post(
    '/auth/reset-password',
    {
      // Optional: anonymous is "forgot password"; a manager on the person screen sends her token.
      config: { auth: 'optional', rateLimit: authRateLimits.resetPassword },
      schema: {
        tags: ['auth'],
        summary: 'Mails a single-use link to set a password (always 204 when anonymous)',
        body: resetPasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, actorOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/set-password',
    {
      config: { auth: 'public', rateLimit: authRateLimits.setPassword },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the token of a mailed link',
        body: setPasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setPasswordWithLink(deps, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Changes the own (with currentPassword) or a managed person’s password',
        body: changePasswordBodySchema,
        response: { 204: z.null() },
      },
      // Everyone may change her own password: whose it is, the body says.
      config: { authorize: permissionNeedsBody },
    },
    async (request, reply) => {
      await changePassword(deps, requireAuth(request), request.body);
      return reply.code(204).send(null);
    },
  );
};
