import { languageOfLocale } from '@bpw/domain/enums/language';
import {
  attendeeListQuerySchema,
  attendeeListSchema,
  checkInBodySchema,
  checkInResultSchema,
  ticketSchema,
} from '@bpw/domain/schemas/event-check-in';
import { registrationKeyParamsSchema } from '@bpw/domain/schemas/event-registration';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { actorOf, requireActor } from '../../platform/auth/auth-plugin';
import { checkIn, eventToCheckIn, listAttendees } from './check-in.service';
import { ticketKey } from './ticket-token';
import { getTicket, getTicketPdf } from './tickets.service';

const tags = ['event-check-in'];

const fileSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 50) || 'event';

/** Issue 19: tickets (public, by the registration's link) and check-in at the door (event managers). */
export const eventCheckInRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  // Read the ticket key now: later it is needed inside transactions, where PGlite allows no other query.
  await ticketKey(deps.db);

  app.get(
    '/event-registration-public/:keyOrId/ticket',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The ticket (token and QR code) of a Confirmed registration, by its link key or for its owner',
        params: registrationKeyParamsSchema,
        response: { 200: ticketSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTicket(deps, actorOf(request), request.params.keyOrId);
    },
  );

  app.get(
    '/event-registration-public/:keyOrId/ticket.pdf',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The ticket as a PDF to print',
        params: registrationKeyParamsSchema,
      },
    },
    async (request, reply) => {
      const language = languageOfLocale[request.locale];
      const { pdf, eventTitle } = await getTicketPdf(deps, actorOf(request), request.params.keyOrId, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="ticket-${fileSlug(eventTitle)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/event/:id/check-in',
    {
      schema: {
        tags,
        summary: "The event's registrations for the door: names, states, ticket hashes and check-ins (managers)",
        params: idParamsSchema,
        querystring: attendeeListQuerySchema,
        response: { 200: attendeeListSchema },
      },
    },
    async (request) => listAttendees(deps, requireActor(request), request.params.id, request.query),
  );

  app.post(
    '/event/:id/check-in',
    {
      config: {
        fieldScope: 'checkIn',
        authorize: (request) => eventToCheckIn(deps, requireActor(request), request.params.id!),
      },
      schema: {
        tags,
        summary: 'Check a person in by ticket token or registration id; the earliest check-in stands (managers)',
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: checkInResultSchema },
      },
    },
    async (request) => checkIn(deps, requireActor(request), request.locale, request.params.id, request.body),
  );
};
