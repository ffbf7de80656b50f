import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers on every answer, worked out once. Our policy does not depend on the request,
 * so the headers are the same for all; @fastify/helmet built helmet's middleware (parsing the
 * whole policy) anew on every request, about 5 % of a person list request's CPU.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = Object.entries(securityHeadersOf(options));
  // onRequest: refusals of later hooks (401 of the auth hook) carry them too. On the raw
  // response, as helmet sets them, so that answers written there (the event stream) have them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet's middleware sets on a response with these options. */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
