import { createHmac, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../src/platform/auth/access-tokens';

/** JWTs built by hand, byte by byte, so every header and claim can be wrong on purpose. */

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export type Claims = Record<string, unknown>;

export function hmacJwt(header: object, claims: Claims, key: Uint8Array | string, hash = 'sha256') {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
}

/** Claims as the app signs them for `personId`, valid for 10 minutes from `now`. */
export function appClaims(personId: string, now: Date, overrides: Claims = {}): Claims {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    sub: personId,
    sid: randomUUID(),
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    iat,
    exp: iat + 600,
    clubAdminIds: [],
    eventAdminIds: [],
    memberClubIds: [],
    permissions: [],
    roles: [],
    ...overrides,
  };
}

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });

/** RS256 with an attacker's key, which the header offers as an embedded JWK (CVE-2018-0114 style). */
export function attackerRs256(claims: Claims) {
  const jwk = rsa.publicKey.export({ format: 'jwk' });
  const input = `${b64({ alg: 'RS256', typ: 'at+jwt', jwk })}.${b64(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(rsa.privateKey).toString('base64url')}`;
}

export function attackerEs256(claims: Claims) {
  const input = `${b64({ alg: 'ES256', typ: 'at+jwt' })}.${b64(claims)}`;
  const signature = createSign('SHA256').update(input).sign({ key: ec.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** The public key of the attacker's RSA pair, PEM: the classic RS256 -> HS256 confusion secret. */
export const attackerPublicPem = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();

/** A token with its payload replaced but its original signature kept. */
export function withClaims(token: string, change: (claims: Claims) => Claims) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  return `${header}.${b64(change(claims))}.${signature}`;
}

export const unsigned = (alg: string, claims: Claims) => `${b64({ alg, typ: 'at+jwt' })}.${b64(claims)}.`;
