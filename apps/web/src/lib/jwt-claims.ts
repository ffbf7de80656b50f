import type { AccessClaims } from '@bpw/domain/actor';

/** The access token's claims (DESIGN: API contract). Only for showing the right menus. */
export type Claims = AccessClaims & { exp?: number };

const emptyClaims: Claims = {
  sub: '',
  clubAdminIds: [],
  eventAdminIds: [],
  memberClubIds: [],
  permissions: [],
  roles: [],
};

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

let lastToken: string | null = null;
let lastClaims: Claims = emptyClaims;

/** Decodes the JWT payload without verifying it (the server decides every access). */
export function decodeClaims(token: string | null | undefined): Claims {
  if (!token) return emptyClaims;
  if (token === lastToken) return lastClaims;
  let claims: Claims;
  try {
    const payload = JSON.parse(decodeBase64Url(token.split('.')[1] ?? '')) as Record<string, unknown>;
    claims = {
      sub: typeof payload.sub === 'string' ? payload.sub : '',
      clubAdminIds: strings(payload.clubAdminIds),
      eventAdminIds: strings(payload.eventAdminIds),
      memberClubIds: strings(payload.memberClubIds),
      permissions: strings(payload.permissions),
      roles: strings(payload.roles),
      ...(typeof payload.exp === 'number' ? { exp: payload.exp } : {}),
    };
  } catch {
    claims = emptyClaims;
  }
  lastToken = token;
  lastClaims = claims;
  return claims;
}
