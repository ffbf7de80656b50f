import {
  eventInvoicePreviewQuerySchema,
  eventInvoicePreviewSchema,
  eventInvoiceRunBodySchema,
  eventInvoiceRunSchema,
  reminderPreviewQuerySchema,
  reminderPreviewSchema,
  reminderRunBodySchema,
  reminderRunListQuerySchema,
  reminderRunSchema,
} from '@bpw/domain/schemas/payment';
import { idParamsSchema, pagedSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import type { FeatureDeps } from '../../platform/feature-deps';
import { authorizePayments } from './payment-imports.service';
import { authorizeEventInvoices, previewEventInvoices, runEventInvoices } from './event-invoices.service';
import { getReminderRun, listReminderRuns, previewReminderRun, startReminderRun } from './reminder-runs.service';

/** Issue 17 (contract 29-31): reminder runs of a club and invoice runs of an event. */
export const reminderRunsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['invoices'];

  app.get(
    '/reminder-run/preview',
    {
      schema: {
        tags,
        summary: 'Who a first or second reminder run of the club would remind, and who not and why',
        querystring: reminderPreviewQuerySchema,
        response: { 200: reminderPreviewSchema },
      },
    },
    async (request) => previewReminderRun(deps, requireActor(request), request.query),
  );

  app.post(
    '/reminder-run',
    {
      schema: {
        tags,
        summary: 'Start a reminder run as a job (GET jobs/{id} for its progress); nobody is reminded twice',
        body: reminderRunBodySchema,
        response: { 202: reminderRunSchema },
      },
      config: { authorize: (request) => authorizePayments(deps, requireActor(request)) },
    },
    async (request, reply) => reply.code(202).send(await startReminderRun(deps, requireActor(request), request.body)),
  );

  app.get(
    '/reminder-run',
    {
      schema: {
        tags,
        summary: 'Reminder runs, newest first',
        querystring: reminderRunListQuerySchema,
        response: { 200: pagedSchema(reminderRunSchema) },
      },
    },
    async (request) => listReminderRuns(deps, requireActor(request), request.query),
  );

  app.get(
    '/reminder-run/:id',
    { schema: { tags, summary: 'One reminder run', params: idParamsSchema, response: { 200: reminderRunSchema } } },
    async (request) => getReminderRun(deps, requireActor(request), request.params.id),
  );

  app.get(
    '/event/:id/invoice-run/preview',
    {
      schema: {
        tags,
        summary: "How many of the event's registrations an invoice run would invoice at this price",
        params: idParamsSchema,
        querystring: eventInvoicePreviewQuerySchema,
        response: { 200: eventInvoicePreviewSchema },
      },
    },
    async (request) =>
      previewEventInvoices(deps, requireActor(request), {
        eventId: request.params.id,
        amountCentimes: request.query.AmountCentimes,
      }),
  );

  app.post(
    '/event/:id/invoice-run',
    {
      schema: {
        tags,
        summary: 'Invoice the confirmed registrations not yet invoiced (one invoice per registration)',
        params: idParamsSchema,
        body: eventInvoiceRunBodySchema,
        response: { 202: eventInvoiceRunSchema },
      },
      config: { authorize: (request) => authorizeEventInvoices(deps, requireActor(request), request.params.id!) },
    },
    async (request, reply) =>
      reply.code(202).send(
        await runEventInvoices(deps, requireActor(request), {
          eventId: request.params.id,
          amountCentimes: request.body.amountCentimes,
        }),
      ),
  );
};
