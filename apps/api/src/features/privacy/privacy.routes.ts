import { auditTrailQuerySchema, auditTrailSchema } from '@bpw/domain/schemas/audit-trail';
import { consentLogQuerySchema, consentLogSchema } from '@bpw/domain/schemas/consent-log';
import { personVisibilitySchema } from '@bpw/domain/schemas/person-visibility';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { getAuditTrail } from './audit-trail.service';
import { getConsentLog } from './consent-log.service';
import { startOwnDataDownload } from './own-data.service';
import { getOwnVisibility } from './visibility.service';

/** Issue 9 (revFADP): a person's audit trail for admins and the own-data download. */
export const privacyRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['privacy'];

  app.get(
    '/person/:id/audit-entry',
    {
      schema: {
        tags,
        summary: 'Who created, changed, archived, deleted or exported the person, newest first (admins)',
        params: idParamsSchema,
        querystring: auditTrailQuerySchema,
        response: { 200: auditTrailSchema },
      },
    },
    async (request) => getAuditTrail(deps, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/person/:id/consent-log',
    {
      schema: {
        tags,
        summary:
          'Changes of advertising consent, profile visibility and terms, newest first (the person, her managers, admins)',
        params: idParamsSchema,
        querystring: consentLogQuerySchema,
        response: { 200: consentLogSchema },
      },
    },
    async (request) => getConsentLog(deps, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/person/me/visibility',
    {
      schema: {
        tags,
        summary: 'Who can see which parts of the signed-in person, from the live permission rules',
        response: { 200: personVisibilitySchema },
      },
    },
    async (request) => getOwnVisibility(deps, requireActor(request)),
  );

  app.get(
    '/person/me/data',
    {
      // Reads every table about the person: a handful a minute is plenty for a person.
      // Its audit entry records the download, also one broken off.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, cancelWhenClientGone: false },
      schema: {
        tags,
        summary: 'Everything stored about the signed-in person as one JSON file (right of access)',
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await startOwnDataDownload(deps, requireActor(request));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
