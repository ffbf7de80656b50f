import {
  clubPersonListQuerySchema,
  clubPersonRelationListSchema,
  clubRelationCreateBodySchema,
  clubRelationUpdateBodySchema,
  personClubParamsSchema,
  personClubRelationListSchema,
  personClubRelationSchema,
  personRelationParamsSchema,
} from '@bpw/domain/schemas/membership';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import {
  authorizeRelationWrites,
  requireManagedRelation,
  addClubRelation,
  changeClubRelationDates,
  listClubsOfPerson,
  removeClubRelation,
} from './memberships.service';
import { createClubPersonTotals, listPersonsOfClub } from './club-person-list.service';

/** Spec 01 §7 "Club memberships". */
export const membershipsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['memberships'];
  const clubPersonTotals = createClubPersonTotals(deps.db);

  app.get(
    '/person/:id/club',
    {
      schema: {
        tags,
        summary: 'The club relations of a person, newest first',
        params: idParamsSchema,
        response: { 200: personClubRelationListSchema },
      },
    },
    async (request) => listClubsOfPerson(deps, requireActor(request), request.params.id),
  );

  app.post(
    '/person/:id/club',
    {
      schema: {
        tags,
        summary: 'Assigns the person to a club (admins; club managers in their clubs)',
        params: idParamsSchema,
        body: clubRelationCreateBodySchema,
        response: { 201: personClubRelationSchema },
      },
      config: { authorize: (request) => authorizeRelationWrites(requireActor(request)) },
    },
    async (request, reply) =>
      reply.code(201).send(await addClubRelation(deps, requireActor(request), request.params.id, request.body)),
  );

  app.put(
    '/person/:personId/club/:id',
    {
      schema: {
        tags,
        summary: 'Changes from and to of a club relation (admins; managers of its club)',
        params: personClubParamsSchema,
        body: clubRelationUpdateBodySchema,
        response: { 200: personClubRelationSchema },
      },
      config: {
        authorize: (request) =>
          requireManagedRelation(deps, requireActor(request), request.params.personId!, request.params.id!),
      },
    },
    async (request) =>
      changeClubRelationDates(
        deps,
        requireActor(request),
        { personId: request.params.personId, relationId: request.params.id },
        request.body,
      ),
  );

  app.delete(
    '/person/:id/club/:relationId',
    {
      schema: {
        tags,
        summary: 'Deletes a club relation (admins; managers of its club)',
        params: personRelationParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const params = { personId: request.params.id, relationId: request.params.relationId };
      await removeClubRelation(deps, requireActor(request), params);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/club/:id/person',
    {
      schema: {
        tags,
        summary: 'A page of one group (members or roles) of the person relations of a club',
        params: idParamsSchema,
        querystring: clubPersonListQuerySchema,
        response: { 200: clubPersonRelationListSchema },
      },
    },
    async (request) =>
      listPersonsOfClub({ ...deps, clubPersonTotals }, requireActor(request), request.params.id, request.query),
  );
};
