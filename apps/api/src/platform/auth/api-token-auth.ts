import type { Actor } from '@bpw/domain/actor';
import { type LanguageCode, defaultLanguageCode, localeOfLanguage } from '@bpw/domain/enums/language';
import type { ApiTokenKind, ApiTokenScope } from '@bpw/domain/schemas/api-token';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { writeAuditEntry } from '../audit';
import { AppError } from '../errors';
import { findActor } from './actor.queries';
import { scopeOfRoute } from './api-token-scopes';
import { hashToken } from './secure-tokens';
import { isoDateInSwitzerland } from './today';

/** The token a request came with (set on the request's auth context). */
export type ApiTokenCaller = { id: string; name: string; kind: ApiTokenKind };

/** Requests per token and minute, counted in the database (rate-limit-store.ts). */
export const API_TOKEN_RATE_LIMIT = { max: 300, timeWindowMs: 60_000 };
/** last_used_at is written at most this often per token. */
const LAST_USE_EVERY_MS = 60_000;

export const isApiTokenSecret = (token: string) => token.startsWith('bpw_pat_') || token.startsWith('bpw_svc_');

type Hit = { current: number; ttl: number };
export type TokenRateCounter = (tokenId: string) => Promise<Hit>;

type TokenAuth = { actor: Actor; languageCode: LanguageCode; apiToken: ApiTokenCaller };

const unauthorized = () => new AppError('Unauthorized', ['error.apiTokenInvalid']);

/**
 * Authenticates an `Authorization: Bearer bpw_...` request (docs/decisions/api-tokens.md). In
 * order: the token must exist, be neither revoked nor expired (401); the route must name a
 * scope the token holds (403); the token's rate must allow the call (429). The rights are the
 * owner's now: a personal token's person as she is today (archived: 401), a club token's the
 * database managers' of that club, an association token's an admin's.
 */
export async function authenticateApiToken(
  options: { db: Db; now: () => Date; countRequest: TokenRateCounter },
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
): Promise<TokenAuth> {
  const { db } = options;
  const at = options.now();
  const [token] = await db
    .select({
      id: apiTokens.id,
      kind: apiTokens.kind,
      name: apiTokens.name,
      personId: apiTokens.personId,
      clubId: apiTokens.clubId,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, hashToken(secret)));
  if (!token || token.revokedAt !== null || token.expiresAt.getTime() <= at.getTime()) throw unauthorized();

  const scope = scopeOfRoute(request.method, request.routeOptions.url ?? '');
  if (scope === undefined) throw new AppError('Forbidden', ['error.apiTokenRouteRefused']);
  if (!token.scopes.includes(scope as ApiTokenScope)) {
    throw new AppError('Forbidden', [{ key: 'error.apiTokenScopeMissing', params: { scope } }]);
  }

  const hit = await options.countRequest(token.id);
  const resetSeconds = Math.ceil(hit.ttl / 1000);
  reply.header('x-ratelimit-limit', API_TOKEN_RATE_LIMIT.max);
  reply.header('x-ratelimit-remaining', Math.max(0, API_TOKEN_RATE_LIMIT.max - hit.current));
  reply.header('x-ratelimit-reset', resetSeconds);
  if (hit.current > API_TOKEN_RATE_LIMIT.max) {
    throw new AppError('TooManyRequests', [], { 'retry-after': String(resetSeconds) });
  }

  const caller: ApiTokenCaller = { id: token.id, name: token.name, kind: token.kind as ApiTokenKind };
  const auth = await actorOfToken(db, at, token, caller);
  if (token.lastUsedAt === null || at.getTime() - token.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    // Conditional: of several instances or parallel requests, one writes per minute.
    const stale = new Date(at.getTime() - LAST_USE_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
  }
  return auth;
}

async function actorOfToken(
  db: Db,
  at: Date,
  token: { id: string; kind: string; personId: string | null; clubId: string | null },
  caller: ApiTokenCaller,
): Promise<TokenAuth> {
  if (token.kind === 'personal' && token.personId) {
    const loaded = await findActor(db, { personId: token.personId, today: isoDateInSwitzerland(at) });
    if (!loaded || !loaded.hasAccount || loaded.isArchived) throw unauthorized();
    return { actor: loaded.actor, languageCode: loaded.languageCode, apiToken: caller };
  }
  // A service token is nobody: its id stands for the actor, so no "her own" rule ever matches.
  const base = { personId: token.id, eventManagerOf: [], memberOf: [] };
  if (token.kind === 'club' && token.clubId) {
    return {
      actor: { ...base, isAdmin: false, isCentralCommittee: false, clubManagerOf: [token.clubId] },
      languageCode: defaultLanguageCode,
      apiToken: caller,
    };
  }
  if (token.kind === 'association') {
    return {
      actor: { ...base, isAdmin: true, isCentralCommittee: true, clubManagerOf: [] },
      languageCode: defaultLanguageCode,
      apiToken: caller,
    };
  }
  throw unauthorized();
}

/** The request's locale for a token: a personal token's person's language, else as asked. */
export const tokenLocale = (auth: TokenAuth, fallback: FastifyRequest['locale']) =>
  auth.apiToken.kind === 'personal' ? localeOfLanguage[auth.languageCode] : fallback;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The audit trail of a writing request made with a token: which token (by name), which route,
 * which answer. Ids and the route pattern only, never the body.
 */
export async function auditTokenRequest(db: Db, request: FastifyRequest, statusCode: number, at: Date): Promise<void> {
  const token = request.auth?.apiToken;
  if (!token || !writeMethods.has(request.method)) return;
  await writeAuditEntry(db, {
    actorPersonId: request.auth!.actor.personId,
    action: 'apiTokenRequest',
    entity: 'apiToken',
    entityId: token.id,
    at,
    details: {
      tokenName: token.name,
      tokenKind: token.kind,
      method: request.method,
      route: request.routeOptions.url ?? '',
      statusCode,
    },
  });
}
