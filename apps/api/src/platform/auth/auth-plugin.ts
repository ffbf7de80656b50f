import { type LanguageCode, localeOfLanguage } from '@bpw/domain/enums/language';
import type { Actor } from '@bpw/domain/actor';
import { SecondFactorMethod, needsSecondFactor } from '@bpw/domain/second-factors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import type { AccessTokens } from './access-tokens';
import { LRUCache } from 'lru-cache';
import { findActorText, parseActor } from './actor.queries';
import {
  type ApiTokenCaller,
  type TokenRateCounter,
  auditTokenRequest,
  authenticateApiToken,
  isApiTokenSecret,
  tokenLocale,
} from './api-token-auth';
import { isoDateInSwitzerland } from './today';

/**
 * public: the token is ignored (sign-in, refresh, logout, health); optional: a token is used when
 * present and must then be valid; signed-in: a valid token is required. Every /api/v1 route is
 * signed-in unless it says otherwise in `config.auth`.
 */
export const authLevels = ['public', 'optional', 'signed-in'] as const;
export type AuthLevel = (typeof authLevels)[number];

/** The signed-in person as current database state describes her (never the token's claims). */
export type AuthContext = {
  actor: Actor;
  sessionId: string;
  languageCode: LanguageCode;
  /** The second factor this sign-in passed (SecondFactorMethod; 0 the password only). */
  secondFactor: number;
  /** Set when the request came with an API token instead of a sign-in (issue 26). */
  apiToken?: ApiTokenCaller;
};

export type ApiRoute = { method: string; url: string; auth: AuthLevel };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /**
     * A sign-in that still has to set up its required second factor reaches only the routes that
     * say true here (setting it up); every other signed-in route answers 403.
     */
    secondFactorSetup?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth hook on signed-in and optional routes when a valid token came along. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every registered /api/v1 route with its auth level (the permission matrix test reads it). */
    apiRoutes: readonly ApiRoute[];
  }
}

export const API_PREFIX = '/api/v1';

const bearerPattern = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

export function registerAuth(
  app: FastifyInstance,
  options: {
    db: Db;
    accessTokens: AccessTokens;
    now: () => Date;
    secondFactorRequired: boolean;
    /** Counts a request of an API token (the database rate-limit store). */
    countTokenRequest: TokenRateCounter;
  },
) {
  const routes: ApiRoute[] = [];
  // Her facts as her previous request found them, per sign-in and day: never an answer, only
  // the guess a checking route's statement confirms (actor-check.ts).
  const lastActors = new LRUCache<string, string>({ max: 10_000, ttl: 15 * 60_000 });
  app.decorate('apiRoutes', routes);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (route.url !== API_PREFIX && !route.url.startsWith(`${API_PREFIX}/`)) return;
    const auth = route.config?.auth ?? 'signed-in';
    if (!authLevels.includes(auth)) throw new Error(`Unknown auth level '${String(auth)}' on ${route.url}`);
    route.config = { ...route.config, auth };
    // OpenAPI: signed-in routes need the bearer token, optional ones accept it.
    if (route.schema && auth !== 'public') {
      route.schema = { ...route.schema, security: auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, auth });
  });

  // onRequest: refusals come before the body is even parsed, so anonymous callers learn nothing.
  app.addHook('onRequest', async (request, reply) => {
    const level = request.routeOptions.config?.auth ?? 'public';
    if (level === 'public') return;
    if (request.headers.authorization === undefined) {
      if (level === 'optional') return;
      throw new AppError('Unauthorized');
    }
    const token = bearerTokenOf(request);
    if (!token) throw new AppError('Unauthorized');
    // An API token (docs/decisions/api-tokens.md): its owner's rights now, narrowed by scopes.
    if (isApiTokenSecret(token)) {
      const tokenAuth = await authenticateApiToken(
        { db: options.db, now: options.now, countRequest: options.countTokenRequest },
        request,
        reply,
        token,
      );
      request.auth = {
        actor: tokenAuth.actor,
        sessionId: tokenAuth.apiToken.id,
        languageCode: tokenAuth.languageCode,
        secondFactor: SecondFactorMethod.none,
        apiToken: tokenAuth.apiToken,
      };
      request.locale = tokenLocale(tokenAuth, request.locale);
      return;
    }
    const { personId, sessionId } = await options.accessTokens.verify(token);
    const key = { personId, sessionId, today: isoDateInSwitzerland(options.now()) };
    const cacheKey = `${personId}\u0000${sessionId}\u0000${key.today}`;
    /** Admits the request with her facts of `text`, or refuses it (401, or 403 for a second factor). */
    const admit = (text: string | null) => {
      const loaded = text === null ? undefined : parseActor(text, key);
      // An archived or deleted person, or an ended session, stops working at once.
      if (!loaded || !loaded.hasAccount || loaded.isArchived || loaded.isSessionRevoked) {
        lastActors.delete(cacheKey);
        throw new AppError('Unauthorized');
      }
      request.auth = {
        actor: loaded.actor,
        sessionId,
        languageCode: loaded.languageCode,
        secondFactor: loaded.sessionSecondFactor,
      };
      request.locale = localeOfLanguage[loaded.languageCode];
      // docs/decisions/two-factor.md: without the required second factor only its set-up answers.
      if (
        options.secondFactorRequired &&
        loaded.sessionSecondFactor === SecondFactorMethod.none &&
        needsSecondFactor(loaded.actor) &&
        request.routeOptions.config?.secondFactorSetup !== true
      ) {
        throw new AppError('Forbidden', ['error.secondFactorSetupRequired']);
      }
    };
    const load = async () => {
      const text = await findActorText(options.db, key);
      admit(text);
      lastActors.set(cacheKey, text!);
      return text!;
    };
    // docs/decisions/actor-check.md: a route whose statement reads her facts itself starts from
    // those of her previous request, and confirms them in its own statement.
    const previous = request.routeOptions.config?.actorCheck ? lastActors.get(cacheKey) : undefined;
    if (previous !== undefined) {
      try {
        admit(previous);
        request.actorCheck = { key, expected: previous, reload: async () => (await load()) === previous };
        return;
      } catch {
        // A refusal is never decided on a guess: her facts now decide.
      }
    }
    await load();
  });

  // Every writing request made with a token is in the audit trail, with the token's name;
  // before the answer leaves, so that a client that sees the answer finds the entry.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.auth?.apiToken) return payload;
    try {
      await auditTokenRequest(options.db, request, reply.statusCode, options.now());
    } catch (err) {
      request.log.error({ err }, 'audit of an API token request failed');
    }
    return payload;
  });
}

/** The token of an `Authorization: Bearer` header, unverified. */
export const bearerTokenOf = (request: FastifyRequest): string | undefined =>
  bearerPattern.exec(request.headers.authorization ?? '')?.[1];

/** The signed-in person's context; on an optional route, a 401 for anonymous callers. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('Unauthorized');
  return request.auth;
}

/** The signed-in actor; on an optional route, a 401 for anonymous callers. */
export const requireActor = (request: FastifyRequest): Actor => requireAuth(request).actor;

/** The actor when signed in, else null (optional routes). */
export const actorOf = (request: FastifyRequest): Actor | null => request.auth?.actor ?? null;
