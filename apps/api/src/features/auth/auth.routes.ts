import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { accountRoutes } from './account.routes';
import { passwordRoutes } from './password.routes';
import { signInRoutes } from './sign-in.routes';

/** Spec 01 §7 "Authentication" under /api/v1/auth, plus set-password for the mailed link. */
export const authRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  await app.register(signInRoutes, deps);
  await app.register(passwordRoutes, deps);
  await app.register(accountRoutes, deps);
};
