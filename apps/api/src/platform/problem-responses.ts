import { problemSchema } from '@bpw/domain/schemas/problem';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The OpenAPI document names every route's error answers (issue 22): one hook adds the problem
 * shape for the 4xx statuses a route can answer, unless the route declares them itself. The
 * serializer checks a problem against the loose shape, so every problem passes as it is.
 */
const descriptions: Record<number, string> = {
  400: 'Invalid input (the messages name the fields)',
  401: 'Not signed in, or the session ended',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Wrong content type or file type',
  429: 'Too many requests',
};

const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The 4xx a route can answer, from what it declares (auth level, path, body, rate limit). */
export function problemStatusesOf(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>): number[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const isWrite = methods.some((m) => writeMethods.includes(m));
  const takesToken = (route.config?.auth ?? 'signed-in') !== 'public';
  const hasBody = route.schema?.body !== undefined || (route.schema?.consumes?.length ?? 0) > 0;
  return [
    400,
    // Public writes check credentials of their own (sign-in, refresh, a password link).
    ...(takesToken || isWrite ? [401] : []),
    ...(takesToken ? [403] : []),
    ...(route.url.includes(':') || isWrite ? [404] : []),
    ...(isWrite ? [409] : []),
    ...(hasBody ? [413, 415] : []),
    ...(route.config?.rateLimit ? [429] : []),
  ];
}

export function registerProblemResponses(app: FastifyInstance, options: { prefix: string }) {
  app.addHook('onRoute', (route) => {
    if (route.url !== options.prefix && !route.url.startsWith(`${options.prefix}/`)) return;
    const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
    const problems = Object.fromEntries(
      problemStatusesOf(route)
        .filter((status) => declared[status] === undefined)
        .map((status) => [
          status,
          { description: descriptions[status], content: { 'application/problem+json': { schema: problemSchema } } },
        ]),
    );
    route.schema = { ...route.schema, response: { ...declared, ...problems } };
  });
}
