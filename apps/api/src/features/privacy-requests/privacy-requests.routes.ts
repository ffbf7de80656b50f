import {
  erasureRequestBodySchema,
  erasureRequestListQuerySchema,
  erasureRequestListSchema,
  leaveConfirmBodySchema,
  leaveRequestBodySchema,
  leaveRequestListQuerySchema,
  leaveRequestListSchema,
  leaveRequestSchema,
  ownErasureRequestSchema,
  privacyDeclineBodySchema,
  privacySettingBodySchema,
  privacySettingSchema,
  retentionCandidateListQuerySchema,
  retentionCandidateListSchema,
  retentionRunSchema,
} from '@bpw/domain/schemas/privacy-request';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import { forbidden } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import {
  authorizeErasureDecision,
  declineErasure,
  executeErasure,
  getOwnErasureRequest,
  listErasureRequests,
  requestErasure,
  withdrawErasureRequest,
} from './erasure.service';
import {
  authorizeLeaveDecision,
  confirmLeave,
  declineLeave,
  listClubLeaveRequests,
  listOwnLeaveRequests,
  requestLeave,
  withdrawLeaveRequest,
} from './leave-requests.service';
import {
  getPrivacySetting,
  listRetentionCandidates,
  startRetentionRun,
  updatePrivacySetting,
} from './retention.service';

const tags = ['privacy'];
const config = { fieldScope: 'privacyRequest' };
/** Her own requests: every signed-in person may ask; the service decides from current data. */
const ownRequest = { ...config, authorize: async () => undefined };

/**
 * Issue 25, leaving and erasure (docs/decisions/erasure.md): her leave and erasure requests on
 * her page, the managers' and admins' decisions, and the retention period with its job.
 */
export const privacyRequestsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  /* ---------------------------------------------------------------- leaving a club */

  app.get(
    '/person/me/leave-request',
    { schema: { tags, summary: 'Her pending requests to leave a club', response: { 200: leaveRequestListSchema } } },
    async (request) => listOwnLeaveRequests(deps, requireActor(request)),
  );

  app.post(
    '/person/me/leave-request',
    {
      config: ownRequest,
      schema: {
        tags,
        summary: "Ask to leave a club she is a member of; the club's managers decide",
        body: leaveRequestBodySchema,
        response: { 201: leaveRequestSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await requestLeave(deps, requireActor(request), request.body)),
  );

  app.delete(
    '/person/me/leave-request/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw her pending leave request',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await withdrawLeaveRequest(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/club/:id/leave-request',
    {
      schema: {
        tags,
        summary: "A club's pending leave requests, oldest first (the club's managers, admins)",
        params: idParamsSchema,
        querystring: leaveRequestListQuerySchema,
        response: { 200: leaveRequestListSchema },
      },
    },
    async (request) => listClubLeaveRequests(deps, requireActor(request), request.params.id, request.query),
  );

  const leaveDecision = {
    ...config,
    authorize: (request: { params: Record<string, string> } & Parameters<typeof requireActor>[0]) =>
      authorizeLeaveDecision(deps, requireActor(request), request.params.id!),
  };

  app.put(
    '/leave-request/:id/confirm',
    {
      config: leaveDecision,
      schema: {
        tags,
        summary: 'Confirm: her memberships of the club end on the day (default: the one she wished)',
        params: idParamsSchema,
        body: leaveConfirmBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await confirmLeave(deps, requireActor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/leave-request/:id/decline',
    {
      config: leaveDecision,
      schema: {
        tags,
        summary: 'Decline: she receives the reason in her language',
        params: idParamsSchema,
        body: privacyDeclineBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await declineLeave(deps, requireActor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  /* ---------------------------------------------------------------- erasure */

  app.get(
    '/person/me/erasure-request',
    {
      schema: {
        tags,
        summary: 'Her pending erasure request (requestedAt null: none)',
        response: { 200: ownErasureRequestSchema },
      },
    },
    async (request) => getOwnErasureRequest(deps, requireActor(request)),
  );

  app.post(
    '/person/me/erasure-request',
    {
      // A password check: as few tries as a sign-in.
      config: { ...ownRequest, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Ask for her account to be erased, confirmed with her password; the admins decide',
        body: erasureRequestBodySchema,
        response: { 201: ownErasureRequestSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await requestErasure(deps, requireActor(request), request.body)),
  );

  app.delete(
    '/person/me/erasure-request',
    { schema: { tags, summary: 'Withdraw her erasure request', response: { 204: z.null() } } },
    async (request, reply) => {
      await withdrawErasureRequest(deps, requireActor(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/erasure-request',
    {
      schema: {
        tags,
        summary: 'The pending erasure requests, oldest first (admins)',
        querystring: erasureRequestListQuerySchema,
        response: { 200: erasureRequestListSchema },
      },
    },
    async (request) => listErasureRequests(deps, requireActor(request), request.query),
  );

  app.put(
    '/erasure-request/:id/execute',
    {
      config: {
        authorize: (request) =>
          authorizeErasureDecision(deps, requireActor(request), (request.params as { id: string }).id),
      },
      schema: {
        tags,
        summary: "Erase the person's data in one transaction (admins; the id is the person's)",
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await executeErasure(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/erasure-request/:id/decline',
    {
      config: {
        ...config,
        authorize: (request) =>
          authorizeErasureDecision(deps, requireActor(request), (request.params as { id: string }).id),
      },
      schema: {
        tags,
        summary: 'Decline: she receives the reason in her language',
        params: idParamsSchema,
        body: privacyDeclineBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await declineErasure(deps, requireActor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  /* ---------------------------------------------------------------- retention */

  app.get(
    '/privacy-setting',
    {
      schema: { tags, summary: "The association's retention period (admins)", response: { 200: privacySettingSchema } },
    },
    async (request) => getPrivacySetting(deps, requireActor(request)),
  );

  app.put(
    '/privacy-setting',
    {
      config: {
        ...config,
        authorize: async (request) => {
          if (!requireActor(request).isAdmin) throw forbidden();
        },
      },
      schema: {
        tags,
        summary: 'Set the retention period in months (null: none)',
        body: privacySettingBodySchema,
        response: { 200: privacySettingSchema },
      },
    },
    async (request) => updatePrivacySetting(deps, requireActor(request), request.body),
  );

  app.get(
    '/retention-candidate',
    {
      schema: {
        tags,
        summary: 'The persons past the retention period, in id order (admins)',
        querystring: retentionCandidateListQuerySchema,
        response: { 200: retentionCandidateListSchema },
      },
    },
    async (request) => listRetentionCandidates(deps, requireActor(request), request.query),
  );

  app.post(
    '/retention-run',
    {
      config: {
        authorize: async (request) => {
          if (!requireActor(request).isAdmin) throw forbidden();
        },
      },
      schema: {
        tags,
        summary: 'Anonymise the listed persons as a job (GET jobs/{id} shows its progress)',
        response: { 202: retentionRunSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await startRetentionRun(deps, requireActor(request))),
  );
};
