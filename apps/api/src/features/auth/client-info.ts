import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './auth-deps';

/** The user agent of a sign-in, kept with its refresh tokens (shortened; never logged). */
export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});
