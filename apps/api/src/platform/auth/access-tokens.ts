import { type Actor, claimsOf } from '@bpw/domain/actor';
import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError } from '../errors';

export const ACCESS_TOKEN_ISSUER = 'bpw-club-manager';
export const ACCESS_TOKEN_AUDIENCE = 'bpw-club-manager-api';
/** RFC 9068: an access token says what it is, so no other JWT of ours passes as one. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'HS256';

/** What the server trusts from a verified token: who, and which sign-in (refresh chain) it belongs to. */
export type VerifiedAccessToken = { personId: string; sessionId: string };

export type AccessTokens = {
  /** Signs the claims of DESIGN "API contract" plus `sid`, the session's refresh chain id. */
  sign: (actor: Actor, sessionId: string) => Promise<string>;
  /** Throws AppError TokenExpired for an expired token, Unauthorized for any other fault. */
  verify: (token: string) => Promise<VerifiedAccessToken>;
  /** For logout and refresh: the signature, issuer, audience and type count, the expiry does not. */
  verifyIgnoringExpiry: (token: string) => Promise<VerifiedAccessToken | undefined>;
};

/** Verified tokens kept for their lifetime, so a client's every request is not another HMAC. */
const MAX_VERIFIED_TOKENS = 10_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createAccessTokens(options: { key: Uint8Array; ttlSeconds: number; now: () => Date }): AccessTokens {
  const { key, ttlSeconds, now } = options;

  // Keyed by the whole token: only the exact string that was verified once is ever a hit.
  const verified = new Map<string, VerifiedAccessToken & { expiresAt: number }>();

  async function check(token: string, clockTolerance: number) {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      currentDate: now(),
      clockTolerance,
    });
    const { sub, sid } = payload;
    if (typeof sub !== 'string' || !uuidPattern.test(sub) || typeof sid !== 'string' || !uuidPattern.test(sid)) {
      throw new AppError('Unauthorized');
    }
    return { result: { personId: sub, sessionId: sid }, expiresAt: payload.exp! };
  }

  return {
    sign: async (actor, sessionId) => {
      const issuedAt = epochSeconds(now());
      const { sub, ...claims } = claimsOf(actor);
      return new SignJWT({ ...claims, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
        .setSubject(sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        // The same expiry rule as jose's: valid while "exp" is still ahead.
        if (known.expiresAt > epochSeconds(now())) return { personId: known.personId, sessionId: known.sessionId };
        verified.delete(token);
        throw new AppError('TokenExpired');
      }
      try {
        const { result, expiresAt } = await check(token, 0);
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { ...result, expiresAt });
        return result;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AppError('TokenExpired');
        throw new AppError('Unauthorized');
      }
    },
    verifyIgnoringExpiry: async (token) => {
      try {
        // An old token still proves who signed in; a year's tolerance outlives every refresh chain.
        return (await check(token, 366 * 24 * 3600)).result;
      } catch {
        return undefined;
      }
    },
  };
}
