import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Locale, defaultLocale } from '@bpw/domain/enums/language';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { addressesRoutes } from './features/addresses/addresses.routes';
import { authRoutes } from './features/auth/auth.routes';
import { clubsRoutes } from './features/clubs/clubs.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { exportRoutes } from './features/export/export.routes';
import { healthRoutes } from './features/health/health.routes';
import { membershipsRoutes } from './features/memberships/memberships.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { avatarRoutes } from './features/persons/avatar.routes';
import { personsRoutes } from './features/persons/persons.routes';
import { vCardRoutes } from './features/persons/v-card.routes';
import { type AccessTokens, createAccessTokens } from './platform/auth/access-tokens';
import { registerAuth } from './platform/auth/auth-plugin';
import { loadSigningKey } from './platform/auth/signing-key';
import { localeFromAcceptLanguage } from './platform/i18n';
import { loggerOptions } from './platform/logging';
import type { OutboxWorker } from './platform/mail/outbox';
import { dummyPasswordHash } from './platform/passwords';
import { registerProblemHandlers, sendProblem } from './platform/problem';
import { type Realtime, createRealtime } from './platform/realtime/realtime';
import { type StreamTickets, createStreamTickets } from './platform/realtime/stream-tickets';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages: the user's, else Accept-Language, else de-CH. */
    locale: Locale;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  outbox: OutboxWorker;
  /** The clock, replaceable in tests. */
  now?: () => Date;
};

/** What every feature's routes and services get: the app's dependencies plus the auth platform. */
export type FeatureDeps = AppDeps & {
  db: Db;
  now: () => Date;
  accessTokens: AccessTokens;
  /** Live notifications to open streams (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  realtime: Realtime;
  streamTickets: StreamTickets;
};

const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('locale', defaultLocale);
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? defaultLocale;
  });
  registerProblemHandlers(app);

  const now = deps.now ?? (() => new Date());
  const signingKey = await loadSigningKey(deps.database.db, deps.config.jwtSecret);
  const accessTokens = createAccessTokens({ key: signingKey, ttlSeconds: deps.config.accessTokenTtlSeconds, now });
  const realtime = createRealtime({
    pool: deps.database.pool,
    scope: deps.database.db,
    onError: (err) => app.log.warn({ err }, 'realtime'),
  });
  app.addHook('onClose', () => realtime.close());
  const streamTickets = createStreamTickets({ key: signingKey, now });
  const featureDeps: FeatureDeps = { ...deps, db: deps.database.db, now, accessTokens, realtime, streamTickets };
  // Every /api/v1 route is signed-in unless its config says otherwise; sets request.auth.
  registerAuth(app, { db: deps.database.db, accessTokens, now });
  // Computed now, so the first unknown-user sign-in takes as long as any other.
  void dummyPasswordHash();

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://wmts.geo.admin.ch', 'https://*.geo.admin.ch'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'BPW club manager API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, featureDeps);
      await api.register(authRoutes, featureDeps);
      await api.register(clubsRoutes, featureDeps);
      await api.register(dashboardRoutes, featureDeps);
      await api.register(notificationsRoutes, featureDeps);
      await api.register(exportRoutes, featureDeps);
      await api.register(personsRoutes, featureDeps);
      await api.register(membershipsRoutes, featureDeps);
      await api.register(addressesRoutes, featureDeps);
      await api.register(avatarRoutes, featureDeps);
      await api.register(vCardRoutes, featureDeps);
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, deps.config.webDistDir);
  return app;
}

/** Serves the built web app with a history-mode fallback; unknown API paths stay JSON 404s. */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(request, reply, 404, [{ key: 'error.notFound' }]);
  });
}
