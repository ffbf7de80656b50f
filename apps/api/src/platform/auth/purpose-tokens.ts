import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_ISSUER } from './access-tokens';

/**
 * Short-lived signed tokens for one step of a sign-in (docs/decisions/two-factor.md): the
 * second-factor ticket after the password, and the challenge of a passkey ceremony. Each purpose
 * is a JWT type and audience of its own, so none passes as an access token or as another purpose.
 */
export type TokenPurpose = 'second-factor-ticket' | 'webauthn-challenge';

const ALGORITHM = 'HS256';
const typeOf = (purpose: TokenPurpose) => `${purpose}+jwt`;
const audienceOf = (purpose: TokenPurpose) => `bpw-${purpose}`;

export type PurposeTokens = {
  sign: (purpose: TokenPurpose, claims: Record<string, string>, ttlSeconds: number) => Promise<string>;
  /** The claims of a valid token of that purpose (with `jti` and `exp`), else undefined. */
  verify: (
    purpose: TokenPurpose,
    token: string,
  ) => Promise<(Record<string, unknown> & { jti: string; exp: number }) | undefined>;
};

export function createPurposeTokens(options: { key: Uint8Array; now: () => Date }): PurposeTokens {
  const { key, now } = options;
  return {
    sign: async (purpose, claims, ttlSeconds) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ: typeOf(purpose) })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(audienceOf(purpose))
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    verify: async (purpose, token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: audienceOf(purpose),
          typ: typeOf(purpose),
          requiredClaims: ['jti', 'exp'],
          currentDate: now(),
        });
        return payload as Record<string, unknown> & { jti: string; exp: number };
      } catch {
        return undefined;
      }
    },
  };
}
