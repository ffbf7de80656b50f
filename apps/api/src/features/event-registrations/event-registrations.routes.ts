import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { publicRegistrationsRoutes } from './public-registrations.routes';
import { staffRegistrationsRoutes } from './staff-registrations.routes';
import { waitingListRoutes } from './waiting-list.routes';

/** The feature's routes: the public registration side and the staff calls. */
export const eventRegistrationsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  await app.register(publicRegistrationsRoutes, deps);
  await app.register(staffRegistrationsRoutes, deps);
  await app.register(waitingListRoutes, deps);
};
