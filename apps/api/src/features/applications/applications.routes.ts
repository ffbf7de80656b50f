import {
  applicationAcceptBodySchema,
  applicationAcceptedSchema,
  applicationAskBodySchema,
  applicationBodySchema,
  applicationConfirmedSchema,
  applicationFormBodySchema,
  applicationFormSchema,
  applicationKeyParamsSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationRejectBodySchema,
  applicationSchema,
} from '@bpw/domain/schemas/application';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { forbidden } from '../../platform/errors';
import { publicFormRateLimit } from '../../platform/public-form-limits';
import { canDecideApplicationsOf, getFormToEdit, getPublishedForm, updateForm } from './application-forms.service';
import { applyForMembership, confirmApplication } from './apply.service';
import {
  acceptApplication,
  askForInformation,
  authorizeDecision,
  listPendingApplications,
  rejectApplication,
} from './decisions.service';

const tags = ['applications'];
const config = { fieldScope: 'application' };

/**
 * Issue 25, membership applications: the forms (a club's, and the association's for "no club
 * yet"), applying and confirming by the mailed link, and the managers' decisions.
 */
export const applicationsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  /* ---------------------------------------------------------------- the forms */

  for (const scope of ['club', 'association'] as const) {
    const isClub = scope === 'club';
    const path = isClub ? '/club/:id/application-form' : '/application-form';
    const clubIdOf = (params: unknown) => (isClub ? (params as { id: string }).id : null);
    app.get(
      path,
      {
        schema: {
          tags,
          summary: isClub
            ? "A club's application form to edit (the club's managers, admins)"
            : "The association's application form to edit (admins)",
          ...(isClub ? { params: idParamsSchema } : {}),
          response: { 200: applicationFormSchema },
        },
      },
      async (request) => getFormToEdit(deps, requireActor(request), clubIdOf(request.params)),
    );
    app.put(
      path,
      {
        config: {
          ...config,
          authorize: async (request) => {
            if (!canDecideApplicationsOf(requireActor(request), clubIdOf(request.params))) throw forbidden();
          },
        },
        schema: {
          tags,
          summary: isClub ? "Change a club's application form" : "Change the association's application form",
          ...(isClub ? { params: idParamsSchema } : {}),
          body: applicationFormBodySchema,
          response: { 200: applicationFormSchema },
        },
      },
      async (request) => updateForm(deps, requireActor(request), clubIdOf(request.params), request.body),
    );

    const publicPath = isClub ? '/application-form-public/:id' : '/application-form-public';
    app.get(
      publicPath,
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: isClub ? "A club's published application form" : "The association's published application form",
          ...(isClub ? { params: idParamsSchema } : {}),
          response: { 200: applicationFormSchema },
        },
      },
      async (request) => getPublishedForm(deps, clubIdOf(request.params)),
    );

    const applyPath = isClub ? '/application-public/:id' : '/application-public';
    app.post(
      applyPath,
      {
        config: { ...config, auth: 'public', rateLimit: publicFormRateLimit },
        schema: {
          tags,
          summary: 'Apply for membership; mails a link to confirm the e-mail address (always the same answer)',
          ...(isClub ? { params: idParamsSchema } : {}),
          body: applicationBodySchema,
          response: { 202: z.null() },
        },
      },
      async (request, reply) => {
        await applyForMembership(deps, clubIdOf(request.params), request.body);
        return reply.code(202).send(null);
      },
    );

    const listPath = isClub ? '/club/:id/application' : '/application';
    app.get(
      listPath,
      {
        schema: {
          tags,
          summary: isClub
            ? "A club's confirmed applications, oldest first (the club's managers, admins)"
            : "The association's confirmed applications (admins)",
          ...(isClub ? { params: idParamsSchema } : {}),
          querystring: applicationListQuerySchema,
          response: { 200: applicationListSchema },
        },
      },
      async (request) => listPendingApplications(deps, requireActor(request), clubIdOf(request.params), request.query),
    );
  }

  app.put(
    '/application-public/:key/confirm',
    {
      config: { auth: 'public', rateLimit: publicFormRateLimit },
      schema: {
        tags,
        summary: 'Confirm the e-mail address of an application (again: no change)',
        params: applicationKeyParamsSchema,
        response: { 200: applicationConfirmedSchema },
      },
    },
    async (request) => confirmApplication(deps, request.params.key),
  );

  /* ---------------------------------------------------------------- decisions */

  const decision = {
    ...config,
    authorize: (request: { params: Record<string, string> } & Parameters<typeof requireActor>[0]) =>
      authorizeDecision(deps, requireActor(request), request.params.id!),
  };

  app.put(
    '/application/:id/accept',
    {
      config: decision,
      schema: {
        tags,
        summary: 'Accept: the matching person (or a new one) gets the membership and an invitation link',
        params: idParamsSchema,
        body: applicationAcceptBodySchema,
        response: { 200: applicationAcceptedSchema },
      },
    },
    async (request) => acceptApplication(deps, requireActor(request), request.params.id, request.body),
  );

  app.put(
    '/application/:id/reject',
    {
      config: decision,
      schema: {
        tags,
        summary: 'Reject: she receives the reason by mail; the application is deleted',
        params: idParamsSchema,
        body: applicationRejectBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await rejectApplication(deps, requireActor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/application/:id/ask',
    {
      config: decision,
      schema: {
        tags,
        summary: "Ask for more information: she receives the manager's question by mail",
        params: idParamsSchema,
        body: applicationAskBodySchema,
        response: { 200: applicationSchema },
      },
    },
    async (request) => askForInformation(deps, requireActor(request), request.params.id, request.body),
  );
};
