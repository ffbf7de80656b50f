import type { IncomingMessage } from 'node:http';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import {
  oidcClientBodySchema,
  oidcClientCreateBodySchema,
  oidcClientCreatedSchema,
  oidcClientListQuerySchema,
  oidcClientListSchema,
  oidcClientSchema,
  oidcConsentListSchema,
  oidcInteractionParamsSchema,
  oidcInteractionSchema,
  oidcRedirectSchema,
} from '@bpw/domain/schemas/oidc';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import { OIDC_MOUNT_PATH } from './oidc-provider';
import {
  authorizeClientAdmin,
  changeClient,
  createClient,
  finishInteraction,
  getClient,
  getInteraction,
  listClients,
  listConsents,
  removeClient,
  renewClientSecret,
  withdrawConsent,
} from './oidc.service';

export type OidcDeps = FeatureDeps & { oidcProvider: Provider };

const clientTags = ['oidc-clients'];
const memberTags = ['oidc'];
const adminOnly = { authorize: (request: FastifyRequest) => authorizeClientAdmin(requireActor(request)) };

/** Issue 26: the API of the admin page, the consent page and her connected apps (under /api/v1). */
export const oidcRoutes: FastifyPluginAsyncZod<OidcDeps> = async (app, deps) => {
  app.get(
    '/oidc-client',
    {
      schema: {
        tags: clientTags,
        summary: 'Applications whose members sign in with their account here (admins)',
        querystring: oidcClientListQuerySchema,
        response: { 200: oidcClientListSchema },
      },
    },
    (request) => listClients(deps, requireActor(request), request.query),
  );
  app.get(
    '/oidc-client/:id',
    {
      schema: {
        tags: clientTags,
        summary: 'One application (admins)',
        params: idParamsSchema,
        response: { 200: oidcClientSchema },
      },
    },
    (request) => getClient(deps, requireActor(request), request.params.id),
  );
  app.post(
    '/oidc-client',
    {
      schema: {
        tags: clientTags,
        summary: 'Register an application (admins); a confidential one gets its secret, shown this once',
        body: oidcClientCreateBodySchema,
        response: { 201: oidcClientCreatedSchema },
      },
      config: adminOnly,
    },
    async (request, reply) => reply.code(201).send(await createClient(deps, requireActor(request), request.body)),
  );
  app.put(
    '/oidc-client/:id',
    {
      schema: {
        tags: clientTags,
        summary: 'Change an application: name, redirect URLs, scopes, enabled (admins)',
        params: idParamsSchema,
        body: oidcClientBodySchema,
        response: { 200: oidcClientSchema },
      },
      config: adminOnly,
    },
    (request) => changeClient(deps, requireActor(request), request.params.id, request.body),
  );
  app.post(
    '/oidc-client/:id/secret',
    {
      schema: {
        tags: clientTags,
        summary: 'A new secret for a confidential application, shown this once; the old one stops (admins)',
        params: idParamsSchema,
        response: { 200: oidcClientCreatedSchema },
      },
      config: adminOnly,
    },
    (request) => renewClientSecret(deps, requireActor(request), request.params.id),
  );
  app.delete(
    '/oidc-client/:id',
    {
      schema: {
        tags: clientTags,
        summary: 'Delete an application with its consents, grants and tokens (admins)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeClient(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/oidc-interaction/:uid',
    {
      schema: {
        tags: memberTags,
        summary:
          'The consent page: which application asks for which data (only in the browser that started the sign-in)',
        params: oidcInteractionParamsSchema,
        response: { 200: oidcInteractionSchema },
      },
    },
    (request, reply) =>
      getInteraction(
        deps,
        deps.oidcProvider,
        requireActor(request),
        { req: request.raw, res: reply.raw },
        request.params.uid,
      ),
  );
  // Two routes without a body (allow, deny): nothing to validate before the interaction is found.
  for (const answer of ['accept', 'deny'] as const) {
    app.post(
      `/oidc-interaction/:uid/${answer}`,
      {
        schema: {
          tags: memberTags,
          summary:
            answer === 'accept'
              ? 'She allows: the application learns who she is and gets the data it may have; where the browser goes next'
              : 'She denies: the application gets access_denied; where the browser goes next',
          params: oidcInteractionParamsSchema,
          response: { 200: oidcRedirectSchema },
        },
      },
      (request, reply) =>
        finishInteraction(
          deps,
          deps.oidcProvider,
          requireActor(request),
          { req: request.raw, res: reply.raw },
          request.params.uid,
          answer === 'accept',
        ),
    );
  }

  app.get(
    '/oidc-consent',
    {
      schema: {
        tags: memberTags,
        summary: 'Her connected apps: the applications she agreed to, with the data they receive',
        response: { 200: oidcConsentListSchema },
      },
    },
    (request) => listConsents(deps, requireActor(request)),
  );
  app.delete(
    '/oidc-consent/:id',
    {
      schema: {
        tags: memberTags,
        summary: 'Withdraw her consent to an application (its sign-ins and tokens for her end)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await withdrawConsent(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/**
 * The provider's own endpoints under /oidc (discovery, authorization, token, userinfo, JWKS,
 * revocation): its Koa handler on the raw request, as mounting it in Express would. Fastify does
 * not read the body here; the provider does (form-encoded, at most 56 KB).
 */
export const oidcProviderMount: FastifyPluginAsync<{ provider: Provider }> = async (app, { provider }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? OIDC_MOUNT_PATH;
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_MOUNT_PATH.length) || '/';
    await new Promise<void>((resolve) => {
      reply.raw.once('close', resolve);
      void callback(raw, reply.raw);
    });
  };
  app.all(OIDC_MOUNT_PATH, { schema: { hide: true } }, handler);
  app.all(`${OIDC_MOUNT_PATH}/*`, { schema: { hide: true } }, handler);
};
