import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Permission before validation (issue 15, docs/decisions/api-clients.md): a caller who may not
 * use a write route at all learns that (403, or 404 where existence is private) before anything
 * about the body's shape (400). A write route with a body declares `config.authorize`: the
 * service's own authorisation for the path's object, from the path parameters and current
 * database state (the service runs it again for the request it carries out).
 *
 * One place orders it for every route: the route's body is validated as before, but a failure is
 * attached to the request instead of answered, and the pre-check runs first. A valid request
 * costs nothing more: the pre-check runs only when the body is refused.
 */
export type AuthorizeFirst = (request: FastifyRequest & { params: Record<string, string> }) => Promise<unknown>;

/** A signed-in write route whose permission depends on the body: the pre-check says so. */
export const permissionNeedsBody = 'body' as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's permission pre-check, run before its body's validation is answered; or
     * `permissionNeedsBody` when who may call depends on what the body names (the service decides).
     */
    authorize?: AuthorizeFirst | typeof permissionNeedsBody;
  }
}

const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Write routes that take a body (the check in `registerAuthorizeFirst` and the permission matrix). */
export const isWriteWithBody = (route: Pick<RouteOptions, 'method' | 'schema'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((m) => writeMethods.includes(m)) &&
  route.schema?.body !== undefined;

export function registerAuthorizeFirst(app: FastifyInstance, options: { prefix: string }) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${options.prefix}/`) || !isWriteWithBody(route)) return;
    const authorize = route.config?.authorize;
    // A signed-in write route without a pre-check would answer 400 before 403: refused at start.
    if (authorize === undefined && (route.config?.auth ?? 'signed-in') === 'signed-in') {
      throw new Error(`${String(route.method)} ${route.url}: a write route with a body declares config.authorize`);
    }
    if (typeof authorize !== 'function') return;
    route.attachValidation = true;
    const handler = route.handler;
    route.handler = async function (this: unknown, request, reply) {
      const refused = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (refused) {
        // Path parameters are valid here once the body is the part refused.
        if (refused.validationContext === 'body') {
          await authorize(request as FastifyRequest & { params: Record<string, string> });
        }
        throw refused;
      }
      return handler.call(this as never, request, reply);
    };
  });
}
