import { controlCharacterPattern } from '@bpw/domain/control-characters';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './auth-deps';

const controlCharacters = new RegExp(controlCharacterPattern.source, 'g');

/**
 * The user agent of a sign-in, kept with its refresh tokens (shortened; never logged). Control
 * characters are dropped, not refused: PostgreSQL refuses NUL in text, and a sign-in must not
 * fail over what a client calls itself (issue 15).
 */
export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent']?.replace(controlCharacters, '').slice(0, 300) ?? null,
});
