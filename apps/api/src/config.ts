import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

// Every environment variable the API reads, parsed once (DESIGN.md "Runtime configuration").
const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('BPW Switzerland <no-reply@bpw.ch>')),
  MAIL_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i)
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().default('http://localhost:3000')),
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(900)),
  REFRESH_TOKEN_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(30)),
  DEMO_DATA: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  GEOCODER_URL: optionalString,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.string().default('info')),
  STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(5_000)),
  LONG_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(600_000)),
  LIST_ALL_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(2_000)),
  // At most 500: a batch's audit entries (up to 14 a row) go in one insert, under 65,535 parameters.
  IMPORT_BATCH_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(500).default(100)),
  IMPORT_BATCH_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(200)),
  // Issue 18: mailing recipients handed to the mail outbox per minute, over all instances.
  MAILING_RATE_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().max(1_000_000).default(600),
  ),
  // How long an instance may take to send a claimed mail before another takes it over (a killed
  // sender's mails wait this long). The crash tests shorten it.
  MAIL_LEASE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(3_600).default(120)),
  // Issue 17: worker threads rendering invoice PDFs (0: on the main thread); default cores - 1, at least 1.
  PDF_RENDER_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(64).optional()),
  // Issue 20: the export's cursor and sheet text on a thread of their own (0: on the main thread).
  EXPORT_THREAD: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: optionalString,
  SECOND_FACTOR_REQUIRED: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  WEBAUTHN_RP_ID: optionalString,
  WEBAUTHN_ORIGINS: optionalString,
  WEBHOOK_ALLOWED_HOSTS: optionalString,
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The domain of the mails' Message-ID: MAIL_DOMAIN, else the host of PUBLIC_URL (issue 27). */
  mailDomain: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  demoData: boolean;
  geocoderUrl: string | undefined;
  logLevel: string;
  /** How long one statement of a request may run on PostgreSQL before it is cancelled. */
  statementTimeoutMs: number;
  /** The same for long work on a connection of its own: the export's cursor. */
  longStatementTimeoutMs: number;
  /**
   * The most items a list answers for PerPage 0 ("all"); a larger selection is refused with a
   * request to narrow it, so no request reads a whole table (docs/decisions/bounded-statements.md).
   */
  listAllLimit: number;
  /** Rows of an import per transaction, at most (docs/decisions/import.md "Batches"; 1 = a row per transaction). */
  importBatchRows: number;
  /** An import batch ends after this many milliseconds even with fewer rows. */
  importBatchMs: number;
  /** MAILING_RATE_PER_MINUTE: mailing recipients handed to the mail outbox per minute, in all (issue 18). */
  mailingRatePerMinute: number;
  /** MAIL_LEASE_SECONDS: a claimed mail is another instance's to send once this has passed. */
  mailLeaseSeconds: number;
  /** PDF_RENDER_THREADS: worker threads rendering invoice PDFs; 0 renders on the main thread (issue 17). */
  pdfRenderThreads: number;
  /**
   * EXPORT_THREAD: on PostgreSQL the export reads its cursor and writes its sheet text on a
   * thread of its own (issue 20); 0 does both on the main thread, as before. On unless set to 0.
   */
  exportThread: boolean;
  webDistDir: string;
  /**
   * Whose X-Forwarded-For the app believes (Fastify's `trustProxy`): `false` (the default) takes
   * the socket's address as the client's, a number that many proxy hops, a list the proxies with
   * these addresses or CIDR ranges. docs/decisions/client-addresses.md.
   */
  trustProxy: TrustProxy;
  /**
   * SECOND_FACTOR_REQUIRED: administrators and club database managers must pass a second factor
   * (docs/decisions/two-factor.md). On unless set to 0; off by default with DEMO_DATA=1.
   */
  secondFactorRequired: boolean;
  /** Passkeys: the relying party id (WEBAUTHN_RP_ID, default PUBLIC_URL's host name). */
  webauthnRpId: string;
  /** Passkeys: the origins a ceremony may come from (WEBAUTHN_ORIGINS, comma-separated; default PUBLIC_URL's). */
  webauthnOrigins: string[];
  /**
   * WEBHOOK_ALLOWED_HOSTS: hosts (host or host:port, comma-separated) webhooks may reach although
   * they resolve to a private or loopback address, also over http (docs/decisions/webhooks.md).
   */
  webhookAllowedHosts: string[];
};

export type TrustProxy = false | number | string[];

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty or `false`: no proxy is trusted; a whole number: that many hops; else a
 * comma-separated list of addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`.
 * Anything else (also `true`: every client could then choose its address) refuses to start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 1000) return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY must be empty or false (no proxy), a hop count, or a comma-separated list of proxy addresses or CIDR ranges; not understood: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
    );
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 reads a bare number as "trust nobody", so a hop
 * count becomes a function: the socket's peer and the next `hops - 1` addresses of the header are
 * proxies, the one before them is the client.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDomain: e.MAIL_DOMAIN ?? new URL(e.PUBLIC_URL).hostname,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    demoData: e.DEMO_DATA === '1',
    geocoderUrl: e.GEOCODER_URL,
    logLevel: e.LOG_LEVEL,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    longStatementTimeoutMs: e.LONG_STATEMENT_TIMEOUT_MS,
    listAllLimit: e.LIST_ALL_LIMIT,
    importBatchRows: e.IMPORT_BATCH_ROWS,
    importBatchMs: e.IMPORT_BATCH_MS,
    mailingRatePerMinute: e.MAILING_RATE_PER_MINUTE,
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    pdfRenderThreads: e.PDF_RENDER_THREADS ?? Math.max(1, os.availableParallelism() - 1),
    exportThread: e.EXPORT_THREAD === '1',
    webDistDir: e.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    secondFactorRequired: (e.SECOND_FACTOR_REQUIRED ?? (e.DEMO_DATA === '1' ? '0' : '1')) === '1',
    webauthnRpId: e.WEBAUTHN_RP_ID ?? new URL(e.PUBLIC_URL).hostname,
    webauthnOrigins: e.WEBAUTHN_ORIGINS?.split(',').map((origin) => origin.trim().replace(/\/$/, '')) ?? [
      new URL(e.PUBLIC_URL).origin,
    ],
    webhookAllowedHosts: (e.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== ''),
  };
}
