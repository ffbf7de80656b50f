import {
  changeUsernameBodySchema,
  personIdParamsSchema,
  roleNamesSchema,
  toggleRoleBodySchema,
} from '@bpw/domain/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor, requireAuth } from '../../platform/auth/auth-plugin';
import { permissionNeedsBody } from '../../platform/authorize-first';
import { authorizeToggleRole, changeUsername, getRoleNames, toggleRole } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.post(
    '/auth/change-username',
    {
      schema: {
        tags: ['auth'],
        summary: 'Changes the own or a managed person’s username (an e-mail address, unique)',
        body: changeUsernameBodySchema,
        response: { 204: z.null() },
      },
      // Everyone may change her own username: whose it is, the body says.
      config: { authorize: permissionNeedsBody },
    },
    async (request, reply) => {
      await changeUsername(deps, requireAuth(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/toggle-role',
    {
      schema: {
        tags: ['auth'],
        summary: 'Admins toggle Admin or CentralExecutiveCommittee of another person',
        body: toggleRoleBodySchema,
        response: { 200: roleNamesSchema },
      },
      config: { authorize: (request) => authorizeToggleRole(requireActor(request)) },
    },
    async (request) => toggleRole(deps, requireActor(request), request.body),
  );

  app.get(
    '/auth/:id/role',
    {
      schema: {
        tags: ['auth'],
        summary: 'The role names of a person: stored and derived from club relations active today',
        params: personIdParamsSchema,
        response: { 200: roleNamesSchema },
      },
    },
    async (request) => getRoleNames(deps, requireActor(request), request.params.id),
  );
};
