import {
  eventRegistrationListQuerySchema,
  eventRegistrationListSchema,
  eventRegistrationSchema,
  paymentStatusBodySchema,
  personRegistrationListQuerySchema,
  registrationStateBodySchema,
  registrationUpdateBodySchema,
} from '@bpw/domain/schemas/event-registration';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { sendXlsx } from '../../platform/xlsx/xlsx-download';
import { startRegistrationExport } from './registration-export.service';
import {
  registrationToManage,
  extendRegistration,
  listEventRegistrations,
  listPersonRegistrations,
  removeRegistration,
  setRegistrationPaymentStatus,
  setRegistrationState,
  updateRegistration,
} from './staff-registrations.service';

const tags = ['event-registrations'];

/** Spec 02 §2 "Registrations tab" and §7: staff calls, for the managers of the event. */
export const staffRegistrationsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/event/:id/event-registration',
    {
      schema: {
        tags,
        summary: "An event's registrations (paging, state filter, sort, Fulltext on name and e-mail)",
        params: idParamsSchema,
        querystring: eventRegistrationListQuerySchema,
        response: { 200: eventRegistrationListSchema },
      },
    },
    async (request) => listEventRegistrations(deps, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/person/:id/event-registration',
    {
      schema: {
        tags,
        summary: "A person's registrations (all for herself and admins, her clubs' events for event managers)",
        params: idParamsSchema,
        querystring: personRegistrationListQuerySchema,
        response: { 200: eventRegistrationListSchema },
      },
    },
    async (request) => listPersonRegistrations(deps, requireActor(request), request.params.id, request.query),
  );

  app.put(
    '/event-registration/:id',
    {
      config: {
        fieldScope: 'eventRegistration',
        authorize: (request) => registrationToManage(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Change a registration and its custom values',
        params: idParamsSchema,
        body: registrationUpdateBodySchema,
        response: { 200: eventRegistrationSchema },
      },
    },
    async (request) => updateRegistration(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/event-registration/:id',
    { schema: { tags, summary: 'Delete a registration', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeRegistration(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/event-registration/:id/state',
    {
      schema: {
        tags,
        summary: 'Set the registration state (informs the registrant)',
        params: idParamsSchema,
        body: registrationStateBodySchema,
        response: { 200: eventRegistrationSchema },
      },
      config: { authorize: (request) => registrationToManage(deps, requireActor(request), request.params.id!) },
    },
    async (request) => setRegistrationState(deps, requireActor(request), request.params.id, request.body),
  );

  app.put(
    '/event-registration/:id/extend',
    {
      schema: {
        tags,
        summary: "Give a Pending registration the event's time to confirm again, from now (mails new links)",
        params: idParamsSchema,
        response: { 200: eventRegistrationSchema },
      },
    },
    async (request) => extendRegistration(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/event-registration/:id/payment-status',
    {
      schema: {
        tags,
        summary: 'Mark a registration paid or unpaid',
        params: idParamsSchema,
        body: paymentStatusBodySchema,
        response: { 200: eventRegistrationSchema },
      },
      config: { authorize: (request) => registrationToManage(deps, requireActor(request), request.params.id!) },
    },
    async (request) => setRegistrationPaymentStatus(deps, requireActor(request), request.params.id, request.body),
  );

  app.get(
    '/event/:id/export-event-registration',
    {
      config: { cancelWhenClientGone: false },
      schema: {
        tags,
        summary: "Download the event's registrations as xlsx (a column per custom field)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const download = await startRegistrationExport(
        { ...deps, log: request.log },
        requireActor(request),
        request.locale,
        request.params.id,
      );
      return sendXlsx(reply, download);
    },
  );
};
