import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../errors';
import { ACCESS_TOKEN_ISSUER } from '../auth/access-tokens';

/**
 * GET notification/stream is opened by the browser's EventSource, which cannot send an
 * Authorization header. Instead of putting the access token in the URL (where proxies and
 * browser history keep it), the web app asks POST notification/stream-ticket for a ticket: a JWT
 * of its own type and audience that only opens the stream, valid 60 seconds and used once (per
 * instance; a replay on another instance within the minute only opens the same person's stream).
 */
const TICKET_TYPE = 'stream+jwt';
const TICKET_AUDIENCE = 'bpw-notification-stream';
const ALGORITHM = 'HS256';
export const STREAM_TICKET_TTL_SECONDS = 60;

export type StreamTicketHolder = { personId: string; sessionId: string };
export type StreamTickets = {
  issue: (holder: StreamTicketHolder) => Promise<{ ticket: string; expiresAt: string }>;
  /** Throws AppError Unauthorized for an unknown, expired or already used ticket. */
  redeem: (ticket: string) => Promise<StreamTicketHolder>;
};

export function createStreamTickets(options: { key: Uint8Array; now: () => Date }): StreamTickets {
  const { key, now } = options;
  const used = new Map<string, number>(); // jti -> expiry (epoch seconds)
  const seconds = () => Math.floor(now().getTime() / 1000);
  const invalid = () => new AppError('Unauthorized', ['error.streamTicketInvalid']);

  return {
    issue: async ({ personId, sessionId }) => {
      const issuedAt = seconds();
      const expiresAt = issuedAt + STREAM_TICKET_TTL_SECONDS;
      const ticket = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: TICKET_TYPE })
        .setSubject(personId)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(TICKET_AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { ticket, expiresAt: new Date(expiresAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') };
    },
    redeem: async (ticket) => {
      let payload;
      try {
        ({ payload } = await jwtVerify(ticket, key, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: TICKET_AUDIENCE,
          typ: TICKET_TYPE,
          requiredClaims: ['sub', 'sid', 'jti', 'exp'],
          currentDate: now(),
        }));
      } catch {
        throw invalid();
      }
      const { sub, sid, jti, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof jti !== 'string' || used.has(jti)) {
        throw invalid();
      }
      const current = seconds();
      for (const [id, expiry] of used) if (expiry < current) used.delete(id);
      used.set(jti, exp ?? current + STREAM_TICKET_TTL_SECONDS);
      return { personId: sub, sessionId: sid };
    },
  };
}
