import {
  personCreateBodySchema,
  personDetailSchema,
  personListQuerySchema,
  personListSchema,
  personStateBodySchema,
  personSysInfoSchema,
  personUpdateBodySchema,
} from '@bpw/domain/schemas/person';
import { problemSchema } from '@bpw/domain/schemas/problem';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { withCheckedActor } from '../../platform/auth/actor-check';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { findSurvivorOf } from '../duplicates/person-merge-pointer.service';
import { authorizeCreatePerson, createPerson } from './person-create.service';
import { findPersons } from './person-list.service';
import { authorizeChangePersonState, changePersonState } from './person-state.service';
import { authorizeUpdatePerson, deletePerson, getPersonById, getPersonSysInfo, updatePerson } from './persons.service';

/** Spec 01 §7 "Persons" (avatar and vCard have their own route files). */
export const personsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['persons'];

  app.get(
    '/person',
    {
      schema: {
        tags,
        summary: 'Persons, filtered, multi-sorted and paged (archived persons for admins only)',
        querystring: personListQuerySchema,
        response: { 200: personListSchema },
      },
      config: { actorCheck: true },
    },
    async (request) =>
      withCheckedActor(request, (actor, actorCheck) => findPersons(deps, actor, request.query, actorCheck)),
  );

  app.post(
    '/person',
    {
      schema: {
        tags,
        summary: 'Creates a person with account and first club relation (admins; club managers in their clubs)',
        body: personCreateBodySchema,
        response: { 201: personDetailSchema },
      },
      config: { authorize: (request) => authorizeCreatePerson(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createPerson(deps, requireActor(request), request.body)),
  );

  app.get(
    '/person/:id',
    {
      schema: {
        tags,
        summary: 'One person (also the signed-in person, whose languageCode sets the UI language)',
        params: idParamsSchema,
        // 404 (problem+json, as every route's) also for a merged-away person: then with
        // `mergedIntoId` and Location (issue 16).
        response: {
          200: personDetailSchema,
          404: {
            description: 'Not found (for a merged-away person with `mergedIntoId`)',
            content: { 'application/problem+json': { schema: problemSchema } },
          },
        },
      },
      config: { actorCheck: true },
    },
    async (request, reply) => {
      try {
        return await withCheckedActor(request, (actor, actorCheck) =>
          getPersonById(deps, actor, request.params.id, actorCheck),
        );
      } catch (error) {
        // Issue 16: a merged-away person's id says where she went (looked up only on a miss): a
        // 404 whose problem names the survivor, with her as Location. No redirect: a browser on
        // plain http would follow it upgraded to https (CSP upgrade-insecure-requests).
        const survivorId =
          error instanceof AppError && error.code === 'NotFound' && (await findSurvivorOf(deps, request.params.id));
        if (!survivorId) throw error;
        return reply
          .code(404)
          .header('Location', `/api/v1/person/${survivorId}`)
          .type('application/problem+json')
          .send({
            type: 'about:blank',
            title: 'Not Found',
            status: 404,
            errors: [translate(request.locale, 'error.personMerged')],
            mergedIntoId: survivorId,
          });
      }
    },
  );

  app.put(
    '/person/:id',
    {
      schema: {
        tags,
        summary: 'Updates the profile (own profile or manager)',
        params: idParamsSchema,
        body: personUpdateBodySchema,
        response: {
          200: personDetailSchema,
          404: {
            description: 'Not found (for a merged-away person with `mergedIntoId`)',
            content: { 'application/problem+json': { schema: problemSchema } },
          },
        },
      },
      config: { authorize: (request) => authorizeUpdatePerson(deps, requireActor(request), request.params.id!) },
    },
    async (request) => updatePerson(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/person/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a person (managers; never the own account)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePerson(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/person/:id/sys-info',
    {
      schema: {
        tags,
        summary: 'Username and who created and changed the person (own profile or manager)',
        params: idParamsSchema,
        response: { 200: personSysInfoSchema },
      },
    },
    async (request) => getPersonSysInfo(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/person/:id/state',
    {
      schema: {
        tags,
        summary: 'Archives or reactivates a person (admins)',
        params: idParamsSchema,
        body: personStateBodySchema,
        response: {
          200: personDetailSchema,
          404: {
            description: 'Not found (for a merged-away person with `mergedIntoId`)',
            content: { 'application/problem+json': { schema: problemSchema } },
          },
        },
      },
      config: { authorize: (request) => authorizeChangePersonState(deps, requireActor(request), request.params.id!) },
    },
    async (request) => changePersonState(deps, requireActor(request), request.params.id, request.body),
  );
};
