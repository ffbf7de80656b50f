import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { refusingControlCharacters } from '@bpw/domain/control-characters';
import { type Locale, defaultLocale } from '@bpw/domain/enums/language';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTrustProxy } from './config';
import { addressesRoutes } from './features/addresses/addresses.routes';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes';
import { createApplicationExpiryJob } from './features/applications/application-expiry.job';
import { applicationsRoutes } from './features/applications/applications.routes';
import { calendarFeedsRoutes } from './features/calendar-feeds/calendar-feeds.routes';
import { authRoutes } from './features/auth/auth.routes';
import { secondFactorsRoutes } from './features/second-factors/second-factors.routes';
import { clubsRoutes } from './features/clubs/clubs.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { createDuplicateScanJob } from './features/duplicates/duplicate-scan.service';
import { duplicatesRoutes } from './features/duplicates/duplicates.routes';
import { createDevelopmentTotalsJobs } from './features/dashboard/development-totals.job';
import { exportRoutes } from './features/export/export.routes';
import { eventPublicationsRoutes } from './features/event-publications/event-publications.routes';
import { createBookedEventsReminderJob } from './features/event-registrations/booked-events-reminder.job';
import { createRegistrationDeadlineReminderJob } from './features/event-registrations/registration-deadline-reminder.job';
import { createRegistrationExpiryJob } from './features/event-registrations/registration-expiry.job';
import { createWaitingListJob } from './features/event-registrations/waiting-list.job';
import { createEventGeocodingJob } from './features/events/event-geocoding.job';
import { eventCategoriesRoutes } from './features/event-categories/event-categories.routes';
import { eventCheckInRoutes } from './features/event-check-in/event-check-in.routes';
import { eventCustomFieldsRoutes } from './features/event-custom-fields/event-custom-fields.routes';
import { eventRegistrationsRoutes } from './features/event-registrations/event-registrations.routes';
import { eventIcsRoutes } from './features/events/event-ics.routes';
import { eventImageRoutes } from './features/events/event-image.routes';
import { eventsRoutes } from './features/events/events.routes';
import { publicEventPagesRoutes } from './features/events/public-event-pages.routes';
import { healthRoutes } from './features/health/health.routes';
import { createImportJobHandler } from './features/imports/import.job';
import { createFeeRunJobHandler } from './features/invoices/fee-run.job';
import { createInvoiceDocumentsJobHandler } from './features/invoices/invoice-documents.job';
import { createPdfRenderer } from './features/invoices/invoice-pdf-pool';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { createPrintBatchJobHandler } from './features/invoices/print-batch.job';
import { importsRoutes } from './features/imports/imports.routes';
import { membershipsRoutes } from './features/memberships/memberships.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { avatarRoutes } from './features/persons/avatar.routes';
import { personsRoutes } from './features/persons/persons.routes';
import { createPersonListReader } from './features/persons/person-list-reader';
import { vCardRoutes } from './features/persons/v-card.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { privacyRequestsRoutes } from './features/privacy-requests/privacy-requests.routes';
import { createRetentionJobHandler } from './features/privacy-requests/retention.service';
import { createOidcProvider } from './features/oidc/oidc-provider';
import { oidcProviderMount, oidcRoutes } from './features/oidc/oidc.routes';
import { createOidcCleanupJob } from './features/oidc/oidc-cleanup.job';
import { createWebhookRetentionJob } from './features/webhooks/webhook-retention.job';
import { type WebhookSender, createWebhookSender } from './features/webhooks/webhook-sender';
import { webhooksRoutes } from './features/webhooks/webhooks.routes';
import { createPaymentImportJobHandler } from './features/payments/payment-import.job';
import { paymentsRoutes } from './features/payments/payments.routes';
import { createReminderRunJobHandler } from './features/payments/reminder-run.job';
import { reminderRunsRoutes } from './features/payments/reminder-runs.routes';
import { type MailingFeeder, createMailingFeeder } from './features/mailings/mailing-feeder';
import { mailingListsRoutes, mailingUnsubscribeRoutes } from './features/mailings/mailing-lists.routes';
import { createMailingSendJob } from './features/mailings/mailing-send.job';
import { mailingsRoutes } from './features/mailings/mailings.routes';
import { createAccessTokens } from './platform/auth/access-tokens';
import { API_TOKEN_RATE_LIMIT } from './platform/auth/api-token-auth';
import { registerAuth } from './platform/auth/auth-plugin';
import { createPurposeTokens } from './platform/auth/purpose-tokens';
import { registerAuthorizeFirst } from './platform/authorize-first';
import type { AppDeps, FeatureDeps } from './platform/feature-deps';
import { apiTokenRateCounter, databaseRateLimitStore } from './platform/auth/rate-limit-store';
import { loadSigningKey } from './platform/auth/signing-key';
import { closeAfterHandlers } from './platform/handlers-in-flight';
import { cancelStatementsOfGoneClients } from './platform/statement-cancel';
import { localeFromAcceptLanguage } from './platform/i18n';
import { loggerOptions } from './platform/logging';
import { createSwisstopoGeocoder } from './platform/geocoding/swisstopo-geocoder';
import { dummyPasswordHash } from './platform/passwords';
import { handleFrameworkError, registerProblemHandlers, sendProblem } from './platform/problem';
import { registerProblemResponses } from './platform/problem-responses';
import { openApiTransform } from './platform/openapi-transform';
import { createJobRunner, type JobRunner } from './platform/jobs/job-runner';
import { jobsRoutes } from './platform/jobs/jobs.routes';
import { createRealtime } from './platform/realtime/realtime';
import { createStreamTickets } from './platform/realtime/stream-tickets';
import { type Scheduler, createScheduler } from './platform/scheduler/scheduler';
import { registerSecurityHeaders } from './platform/security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages: the user's, else Accept-Language, else de-CH. */
    locale: Locale;
  }
  interface FastifyInstance {
    /** Reminders and geocoding; main.ts starts it, tests run its jobs one at a time. */
    scheduler: Scheduler;
    /** Long work (imports): main.ts starts it, tests await `jobs.runOnce()`. */
    jobs: JobRunner;
    /** Issue 26: the webhook outbox's sender; main.ts starts it, tests await `webhooks.runOnce()`. */
    webhooks: WebhookSender;
    /** Issue 18: hands mailing recipients to the mail outbox at the rate; main.ts starts it. */
    mailings: MailingFeeder;
  }
}

const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); else the socket's address.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  });
  closeAfterHandlers(app, 5_000);
  cancelStatementsOfGoneClients(app, deps.database.pool);
  // Every request schema (body, query, path parameters) first refuses control characters in any
  // string: NUL answered 500 on PostgreSQL (issue 15, docs/decisions/input-hygiene.md).
  app.setValidatorCompiler((route) =>
    validatorCompiler({ ...route, schema: refusingControlCharacters(route.schema as ZodType) }),
  );
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
  const mailingFeeder = createMailingFeeder({
    db: deps.database.db,
    outbox: deps.outbox,
    publicUrl: deps.config.publicUrl,
    ratePerMinute: deps.config.mailingRatePerMinute,
    log: app.log,
  });
  app.decorate('mailings', mailingFeeder);
  app.addHook('onClose', () => mailingFeeder.stop());
  // Issue 17: invoice PDFs are rendered in worker threads (PDF_RENDER_THREADS).
  const pdfRenderer = createPdfRenderer({ threads: deps.config.pdfRenderThreads });
  const jobs = createJobRunner({
    db: deps.database.db,
    log: app.log,
    handlers: [
      createMailingSendJob({
        db: deps.database.db,
        now,
        onResolved: () => mailingFeeder.kick(),
        statementTimeoutMs: deps.config.longStatementTimeoutMs,
      }),
      // Issue 17: fee runs, invoice PDFs (and their mails), print batches.
      createFeeRunJobHandler({ db: deps.database.db, now }),
      createInvoiceDocumentsJobHandler({ db: deps.database.db, now, publicUrl: deps.config.publicUrl, pdfRenderer }),
      createPrintBatchJobHandler({ db: deps.database.db }),
      createImportJobHandler({
        db: deps.database.db,
        now,
        batchRows: deps.config.importBatchRows,
        batchMs: deps.config.importBatchMs,
      }),
      // Issue 25: the retention period's anonymisation.
      createRetentionJobHandler({ db: deps.database.db, now }),
      // Issue 17: large camt.054 files and reminder runs.
      createPaymentImportJobHandler({ db: deps.database.db, now }),
      createReminderRunJobHandler({ db: deps.database.db, now }),
    ],
  });
  app.decorate('jobs', jobs);
  // The threads end after the jobs: a running PDF job finishes its batch and stops at the next unit.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pdfRenderer.close();
  });
  const featureDeps: FeatureDeps = {
    ...deps,
    db: deps.database.db,
    now,
    accessTokens,
    purposeTokens: createPurposeTokens({ key: signingKey, now }),
    realtime,
    streamTickets,
    personListReader: createPersonListReader(deps.database.db),
    jobs,
  };
  const webhooks = createWebhookSender({
    deps: featureDeps,
    allowedHosts: deps.config.webhookAllowedHosts,
    log: app.log,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', () => webhooks.stop());
  const scheduler = createScheduler({ database: deps.database, now, log: app.log, jobs: scheduledJobs(featureDeps) });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Event descriptions link their images by URL (spec 02 §5: no upload); https only, and
        // markdown is sanitised, so an image can show but never run anything.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
  // After helmet, so that a refusal by the auth hook (401) carries the security headers too.
  // Every /api/v1 route is signed-in unless its config says otherwise; sets request.auth.
  // Counters in the database, so that the limits hold across instances (rate-limit-store.ts).
  const RateLimitStore = databaseRateLimitStore({ db: deps.database.db, now, secret: signingKey });
  registerAuth(app, {
    db: deps.database.db,
    accessTokens,
    now,
    secondFactorRequired: deps.config.secondFactorRequired,
    countTokenRequest: apiTokenRateCounter(new RateLimitStore({}, 'api-token'), API_TOKEN_RATE_LIMIT),
  });
  // Permission before body validation on every write route (issue 15, docs/decisions/api-clients.md).
  registerAuthorizeFirst(app, { prefix: '/api/v1' });
  // OpenAPI: every route's 4xx answers as problem+json (platform/problem-responses.ts).
  registerProblemResponses(app, { prefix: '/api/v1' });
  // Computed now, so the first unknown-user sign-in takes as long as any other.
  void dummyPasswordHash();
  await app.register(rateLimit, { global: false, store: RateLimitStore });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'BPW club manager API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Required exactly when the zod schema refuses the field's absence (openapi-transform.ts).
    transform: openApiTransform,
    // The schemas with an id (the problem shape) as components, referenced by the routes.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own CSP allows framing by the same origin; nothing of ours is ever framed.
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });

  // Issue 26: the OpenID Connect provider under /oidc, its issuer PUBLIC_URL/oidc.
  const oidcProvider = await createOidcProvider({
    db: deps.database.db,
    now,
    publicUrl: deps.config.publicUrl,
    trustProxy: deps.config.trustProxy !== false,
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, featureDeps);
      await api.register(authRoutes, featureDeps);
      // Issue 21: second factors and sessions, under auth/ too (their own feature folder).
      await api.register(secondFactorsRoutes, featureDeps);
      await api.register(clubsRoutes, featureDeps);
      await api.register(dashboardRoutes, featureDeps);
      await api.register(notificationsRoutes, featureDeps);
      await api.register(exportRoutes, featureDeps);
      await api.register(personsRoutes, featureDeps);
      await api.register(membershipsRoutes, featureDeps);
      await api.register(addressesRoutes, featureDeps);
      await api.register(avatarRoutes, featureDeps);
      await api.register(vCardRoutes, featureDeps);
      await api.register(eventPublicationsRoutes, featureDeps);
      await api.register(eventsRoutes, featureDeps);
      await api.register(eventImageRoutes, featureDeps);
      await api.register(eventIcsRoutes, featureDeps);
      await api.register(eventCategoriesRoutes, featureDeps);
      await api.register(eventCustomFieldsRoutes, featureDeps);
      await api.register(eventRegistrationsRoutes, featureDeps);
      await api.register(calendarFeedsRoutes, featureDeps);
      await api.register(eventCheckInRoutes, featureDeps);
      await api.register(privacyRoutes, featureDeps);
      await api.register(jobsRoutes, featureDeps);
      await api.register(importsRoutes, featureDeps);
      await api.register(duplicatesRoutes, featureDeps);
      // Issue 26: API tokens (docs/decisions/api-tokens.md).
      await api.register(apiTokensRoutes, featureDeps);
      await api.register(oidcRoutes, { ...featureDeps, oidcProvider });
      await api.register(webhooksRoutes, featureDeps);
      await api.register(invoicesRoutes, featureDeps);
      await api.register(applicationsRoutes, featureDeps);
      // Issue 17: invoice lists and export, payments, reminders, event invoices (payments helper).
      await api.register(paymentsRoutes, featureDeps);
      await api.register(reminderRunsRoutes, featureDeps);
      // Issue 18: mailings, mailing lists and the anonymous unsubscribe link.
      await api.register(mailingsRoutes, featureDeps);
      await api.register(mailingListsRoutes, featureDeps);
      await api.register(mailingUnsubscribeRoutes, featureDeps);
      // Issue 25: leave and erasure requests, retention (docs/decisions/erasure.md).
      await api.register(privacyRequestsRoutes, featureDeps);
    },
    { prefix: '/api/v1' },
  );

  await app.register(oidcProviderMount, { provider: oidcProvider });
  // The public event pages with their own head, robots.txt and sitemap.xml (issue 27).
  await app.register(publicEventPagesRoutes, featureDeps);
  await registerWebApp(app, deps.config.webDistDir);
  return app;
}

/** Issues 6 and 7: geocoding after the save, and the reminders (each exactly once). */
function scheduledJobs(deps: FeatureDeps) {
  const geocoderUrl = deps.config.geocoderUrl;
  return [
    createEventGeocodingJob({
      db: deps.db,
      geocoder: geocoderUrl ? createSwisstopoGeocoder({ url: geocoderUrl }) : undefined,
    }),
    createBookedEventsReminderJob(deps),
    createRegistrationDeadlineReminderJob(deps),
    ...createDevelopmentTotalsJobs(deps),
    createRegistrationExpiryJob(deps),
    createDuplicateScanJob(deps),
    createWaitingListJob(deps),
    createOidcCleanupJob(deps),
    createWebhookRetentionJob(deps),
    createApplicationExpiryJob(deps),
  ];
}

/**
 * Serves the built web app with a history-mode fallback; unknown API paths stay JSON 404s.
 * /login is a page of its own (login.html, issue 8), without the SPA's code.
 */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const loginFile = path.join(distDir, 'login.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite-precompress.ts): served as
      // the browser accepts them, compressed once instead of per request.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (reply, filePath) => {
        // File names under /assets carry their content hash: they never change. The page itself
        // names the current ones, so browsers ask for it again every time.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath === indexFile || filePath === loginFile) {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
    // A page of the web app, not part of the API's document.
    if (fs.existsSync(loginFile)) {
      app.get('/login', { schema: { hide: true } }, (_request, reply) => reply.sendFile('login.html'));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return sendProblem(request, reply, 404, [{ key: 'error.notFound' }]);
  });
}
