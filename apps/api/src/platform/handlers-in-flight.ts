import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Lets the app's close() wait for every route handler still running. Fastify's close() waits
 * for open connections only: a request whose client has gone (a closed tab, a load generator
 * stopped) has none, so its handler ran on after close() and its statements failed when the
 * pool was ended under them. Called before any route is registered; waits at most `maxWaitMs`.
 */
export function closeAfterHandlers(app: FastifyInstance, maxWaitMs: number) {
  let running = 0;
  let onIdle: (() => void)[] = [];
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (request, reply) {
      running++;
      try {
        return await handler.call(this, request, reply);
      } finally {
        if (--running === 0) for (const resolve of onIdle.splice(0)) resolve();
      }
    };
  });
  app.addHook('onClose', async () => {
    if (running === 0) return;
    await new Promise<void>((resolve) => {
      onIdle.push(resolve);
      setTimeout(() => {
        onIdle = onIdle.filter((r) => r !== resolve);
        resolve();
      }, maxWaitMs).unref();
    });
  });
}
