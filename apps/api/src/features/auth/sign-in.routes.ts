import {
  authTokensSchema,
  authenticateBodySchema,
  logoutBodySchema,
  refreshBodySchema,
} from '@bpw/domain/auth-schemas';
import {
  passkeyOptionsSchema,
  passkeySignInBodySchema,
  secondFactorBodySchema,
  secondFactorTicketBodySchema,
  signInAnswerSchema,
  signedInSchema,
} from '@bpw/domain/second-factors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { bearerTokenOf } from '../../platform/auth/auth-plugin';
import { authRateLimits } from '../../platform/auth/rate-limits';
import { clientInfoOf } from './client-info';
import {
  completeSecondFactor,
  passkeySignIn,
  passkeySignInOptions,
  secondFactorPasskeyOptions,
} from './second-step.service';
import { authenticate, logout, refreshSession } from './sign-in.service';

export const signInRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.post(
    '/auth/authenticate',
    {
      config: { auth: 'public', rateLimit: authRateLimits.authenticate },
      schema: {
        tags: ['auth'],
        summary:
          'Signs in with username and password; the terms must be accepted. With a second factor: a ticket for POST auth/second-factor',
        body: authenticateBodySchema,
        response: { 200: signInAnswerSchema },
      },
    },
    async (request) => authenticate(deps, request.body, clientInfoOf(request)),
  );

  // The second step and the passkey sign-in guess like a password: the same address limit.
  app.post(
    '/auth/second-factor',
    {
      config: { auth: 'public', rateLimit: authRateLimits.authenticate },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: the ticket and a TOTP code, a recovery code or a passkey',
        body: secondFactorBodySchema,
        response: { 200: signedInSchema },
      },
    },
    async (request) => completeSecondFactor(deps, request.body, clientInfoOf(request)),
  );

  app.post(
    '/auth/second-factor/passkey-options',
    {
      config: { auth: 'public', rateLimit: authRateLimits.authenticate },
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn request options for the passkeys of the ticket holder (second step)',
        body: secondFactorTicketBodySchema,
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request) => secondFactorPasskeyOptions(deps, request.body.ticket),
  );

  app.post(
    '/auth/passkey-options',
    {
      config: { auth: 'public', rateLimit: authRateLimits.passkeyOptions },
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn request options for signing in with any passkey (discoverable credentials)',
        response: { 200: passkeyOptionsSchema },
      },
    },
    async () => passkeySignInOptions(deps),
  );

  app.post(
    '/auth/passkey-sign-in',
    {
      config: { auth: 'public', rateLimit: authRateLimits.authenticate },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with a passkey (both factors); the terms must be accepted',
        body: passkeySignInBodySchema,
        response: { 200: signedInSchema },
      },
    },
    async (request) => passkeySignIn(deps, request.body, clientInfoOf(request)),
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
