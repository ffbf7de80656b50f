import { controlCharacterPattern } from '@bpw/domain/control-characters';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './auth-deps';

const controlCharacters = new RegExp(controlCharacterPattern.source, 'g');

/**
 * The user agent and address of a sign-in, kept with it (shortened; never logged). Control
 * characters are dropped, not refused: PostgreSQL refuses NUL in text, and a sign-in must not
 * fail over what a client calls itself (issue 15).
 */
export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent']?.replace(controlCharacters, '').slice(0, 300) ?? null,
  // The client's address as TRUST_PROXY lets Fastify see it: "place of the last use" (issue 21).
  ipAddress: request.ip ? request.ip.slice(0, 64) : null,
});
