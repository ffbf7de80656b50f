import {
  birthdayListQuerySchema,
  birthdayListSchema,
  membershipDevelopmentQuerySchema,
  membershipDevelopmentSchema,
} from '@bpw/domain/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { getBirthdayList, getMembershipDevelopment } from './dashboard.service';

const tags = ['dashboard'];

/** Spec 01 §7 membership-development and person/birthday-list (the dashboard's two calls). */
export const dashboardRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/membership-development',
    {
      schema: {
        tags,
        summary: 'Interested, single and young single members per quarter (dashboard charts)',
        querystring: membershipDevelopmentQuerySchema,
        response: { 200: membershipDevelopmentSchema },
      },
    },
    async (request) => getMembershipDevelopment(deps, requireActor(request), request.locale, request.query),
  );

  app.get(
    '/person/birthday-list',
    {
      schema: {
        tags,
        summary: 'Birthdays in the next 30 days of persons in the given clubs',
        querystring: birthdayListQuerySchema,
        response: { 200: birthdayListSchema },
      },
    },
    async (request) => getBirthdayList(deps, requireActor(request), request.query),
  );
};
