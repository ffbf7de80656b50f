import { languageOfLocale } from '@bpw/domain/enums/language';
import {
  publicRegistrationBodySchema,
  publicRegistrationCreatedSchema,
  publicRegistrationSchema,
  registeredPeopleSchema,
  registrationKeyParamsSchema,
  unregisterBodySchema,
} from '@bpw/domain/schemas/event-registration';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { actorOf, requireActor } from '../../platform/auth/auth-plugin';
import { localeFromAcceptLanguage } from '../../platform/i18n';
import { publicFormRateLimit } from '../../platform/public-form-limits';
import { listRegisteredPeople, registerForEvent } from './public-registration.service';
import { confirmRegistration, getRegistrationByLink, unregisterRegistration } from './registration-link.service';

const tags = ['event-registrations'];
/** Each registration sends a mail: the limit of every public form that does (platform/public-form-limits.ts). */
export const registrationRateLimit = publicFormRateLimit;

/** Spec 02 §7, the public side of registrations (guests and signed-in members). */
export const publicRegistrationsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.post(
    '/event-public/:id/event-registration',
    {
      config: { auth: 'optional', rateLimit: registrationRateLimit, fieldScope: 'eventRegistration' },
      schema: {
        tags,
        summary: 'Register for an event (a signed-in member registers herself); starts Pending and mails the links',
        params: idParamsSchema,
        body: publicRegistrationBodySchema,
        response: { 201: publicRegistrationCreatedSchema },
      },
    },
    async (request, reply) => {
      const registrant = request.auth ? { actor: request.auth.actor, languageCode: request.auth.languageCode } : null;
      const requestLocale = localeFromAcceptLanguage(request.headers['accept-language']);
      const created = await registerForEvent(
        deps,
        registrant,
        requestLocale ? languageOfLocale[requestLocale] : undefined,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/event-registration-public/:keyOrId',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'A registration by its link key (or by id, for its signed-in owner), with its event',
        params: registrationKeyParamsSchema,
        response: { 200: publicRegistrationSchema },
      },
    },
    async (request) => getRegistrationByLink(deps, actorOf(request), request.params.keyOrId),
  );

  app.put(
    '/event-registration-public/:keyOrId/confirm',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Confirm a Pending registration (again: no change)',
        params: registrationKeyParamsSchema,
        response: { 200: publicRegistrationSchema },
      },
    },
    async (request) => confirmRegistration(deps, actorOf(request), request.params.keyOrId),
  );

  app.put(
    '/event-registration-public/:keyOrId/unregister',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Unregister (until the unregistration deadline)',
        params: registrationKeyParamsSchema,
        // No body at all is an unregistration without remarks.
        body: z.preprocess((v) => v ?? {}, unregisterBodySchema),
        response: { 200: publicRegistrationSchema },
      },
    },
    async (request) => unregisterRegistration(deps, actorOf(request), request.params.keyOrId, request.body),
  );

  app.get(
    '/event-public/:id/registered-people',
    {
      schema: {
        tags,
        summary: 'The Confirmed registrations of an event with a public list (names only; signed in)',
        params: idParamsSchema,
        response: { 200: registeredPeopleSchema },
      },
    },
    async (request) => {
      requireActor(request);
      return listRegisteredPeople(deps, request.params.id);
    },
  );
};
