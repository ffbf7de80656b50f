import {
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  recoveryCodesSchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
  resetSecondFactorBodySchema,
  secondFactorStatusSchema,
  shortListQuerySchema,
  signInSessionListSchema,
  totpCodeBodySchema,
  totpSetupSchema,
} from '@bpw/domain/second-factors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor, requireAuth } from '../../platform/auth/auth-plugin';
import { forbidden } from '../../platform/errors';
import {
  getPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  updatePasskeyName,
} from './passkeys.service';
import {
  confirmTotpSetup,
  getSecondFactorStatus,
  regenerateRecoveryCodes,
  removeTotp,
  resetSecondFactor,
  startTotpSetup,
} from './second-factors.service';
import { endOtherSessions, endSession, getSessions } from './sessions-page.service';

const idParams = z.object({ id: z.uuid({ error: 'invalid' }) });
/** Her own second factors and sessions: every signed-in person may; the service acts on hers only. */
const ownOnly = async () => undefined;

/** Issue 21: TOTP, recovery codes, passkeys, sessions, and the admin's reset (docs/decisions/two-factor.md). */
export const secondFactorsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/auth/second-factors',
    {
      config: { secondFactorSetup: true },
      schema: {
        tags: ['second-factors'],
        summary: 'The own second factors: TOTP, passkeys, recovery codes left; whether one is required',
        response: { 200: secondFactorStatusSchema },
      },
    },
    async (request) => getSecondFactorStatus(deps, requireAuth(request)),
  );

  app.post(
    '/auth/totp/setup',
    {
      config: { secondFactorSetup: true },
      schema: {
        tags: ['second-factors'],
        summary: 'Starts setting up TOTP: a new secret with its otpauth URI and QR code',
        response: { 200: totpSetupSchema },
      },
    },
    async (request) => startTotpSetup(deps, requireAuth(request)),
  );

  app.post(
    '/auth/totp/confirm',
    {
      config: { secondFactorSetup: true, authorize: ownOnly },
      schema: {
        tags: ['second-factors'],
        summary: 'Confirms TOTP with a first code; answers ten recovery codes (shown once)',
        body: totpCodeBodySchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => confirmTotpSetup(deps, requireAuth(request), request.body.code),
  );

  app.post(
    '/auth/totp/disable',
    {
      config: { authorize: ownOnly },
      schema: {
        tags: ['second-factors'],
        summary: 'Removes the own TOTP with a current code',
        body: totpCodeBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeTotp(deps, requireAuth(request), request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/recovery-codes',
    {
      schema: {
        tags: ['second-factors'],
        summary: 'Ten new recovery codes; the old ones stop working',
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => regenerateRecoveryCodes(deps, requireAuth(request)),
  );

  app.get(
    '/auth/passkeys',
    {
      schema: {
        tags: ['second-factors'],
        summary: 'The own passkeys, oldest first',
        querystring: shortListQuerySchema,
        response: { 200: passkeyListSchema },
      },
    },
    async (request) => getPasskeys(deps, requireAuth(request), request.query),
  );

  app.post(
    '/auth/passkeys/options',
    {
      config: { secondFactorSetup: true },
      schema: {
        tags: ['second-factors'],
        summary: 'WebAuthn creation options for a new passkey, with their signed challenge',
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request) => passkeyRegistrationOptions(deps, requireAuth(request)),
  );

  app.post(
    '/auth/passkeys',
    {
      config: { secondFactorSetup: true, authorize: ownOnly },
      schema: {
        tags: ['second-factors'],
        summary: 'Keeps a new passkey (the answer of navigator.credentials.create) under a name',
        body: registerPasskeyBodySchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await registerPasskey(deps, requireAuth(request), request.body)),
  );

  app.put(
    '/auth/passkeys/:id',
    {
      config: { authorize: ownOnly },
      schema: {
        tags: ['second-factors'],
        summary: 'Renames an own passkey',
        params: idParams,
        body: renamePasskeyBodySchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) => updatePasskeyName(deps, requireAuth(request), request.params.id, request.body.name),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      schema: {
        tags: ['second-factors'],
        summary: 'Removes an own passkey (not the last second factor while one is required)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePasskey(deps, requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags: ['second-factors'],
        summary: 'The own active sign-ins: device, last address, last use',
        querystring: shortListQuerySchema,
        response: { 200: signInSessionListSchema },
      },
    },
    async (request) => getSessions(deps, requireAuth(request), request.query),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['second-factors'],
        summary: 'Ends one own sign-in',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(deps, requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/auth/sessions',
    {
      schema: {
        tags: ['second-factors'],
        summary: 'Ends every own sign-in but this one',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endOtherSessions(deps, requireAuth(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/reset-second-factor',
    {
      config: {
        authorize: async (request) => {
          if (!requireActor(request).isAdmin) throw forbidden();
        },
      },
      schema: {
        tags: ['second-factors'],
        summary: 'Admins remove every second factor of another person; she is told by mail',
        body: resetSecondFactorBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resetSecondFactor(deps, requireActor(request), request.body.userId);
      return reply.code(204).send(null);
    },
  );
};
