import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import pg from 'pg';

/** The pool connections a request's handler holds right now, and whether its client has gone. */
type RequestConnections = { clients: Set<pg.PoolClient>; isGone: boolean };
const current = new AsyncLocalStorage<RequestConnections>();

/** What a statement of a gone client fails with: the same as a cancelled one (SQLSTATE 57014). */
const clientGone = () => Object.assign(new Error('the client has gone'), { code: '57014' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for a read that records what it handed out (the exports and the own-data
     * download write the audit trail of what left the system, also of a download broken off).
     */
    cancelWhenClientGone?: boolean;
  }
}

/**
 * A read whose client goes away (a closed tab, a user clicking again because nothing came back)
 * cancels the statements it is running, instead of letting them run on (issue 24: abandoned
 * sorts kept running for minutes). Every connection a GET handler takes from the pool is noted
 * while it is out; when the response's connection closes before the answer was sent, the
 * statement each one runs is cancelled, and the handler gets no further connection. Writes run
 * to their end (closeAfterHandlers): a change the user made is saved or not, never cut off
 * halfway, and their statements are bounded by the statement timeout.
 *
 * PGlite runs one statement at a time in this process and cannot be interrupted: nothing to do.
 */
export function cancelStatementsOfGoneClients(app: FastifyInstance, pool: pg.Pool | undefined) {
  if (!pool) return;
  trackCheckouts(pool);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const isRead = methods.every((method) => method === 'GET' || method === 'HEAD');
    if (!isRead || route.config?.cancelWhenClientGone === false) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (request, reply) {
      const connections: RequestConnections = { clients: new Set(), isGone: false };
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        connections.isGone = true;
        for (const client of connections.clients) cancelRunningStatement(pool, client);
      });
      return current.run(connections, () => handler.call(this, request, reply));
    };
  });
}

/** Wraps the pool's connect (pool.query uses it too) so a checkout inside a request is noted. */
function trackCheckouts(pool: pg.Pool) {
  type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void;
  const connect = pool.connect.bind(pool) as (cb: (err: unknown, client: unknown, done: unknown) => void) => void;
  /** Notes the client in the request's set, or refuses it (undefined) when the request is gone. */
  const note = (client: pg.PoolClient): pg.PoolClient | undefined => {
    const connections = current.getStore();
    if (!connections) return client;
    if (connections.isGone) {
      client.release();
      return undefined;
    }
    connections.clients.add(client);
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      connections.clients.delete(client);
      client.release = release;
      return release(err);
    };
    return client;
  };
  const connectNoted = (callback: Callback) =>
    connect((err, client, done) => {
      if (err || !client) return callback(err as Error);
      const noted = note(client as pg.PoolClient);
      if (noted) callback(undefined, noted, done);
      else callback(clientGone());
    });
  (pool as { connect: unknown }).connect = (callback?: Callback) => {
    if (callback) return connectNoted(callback);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connectNoted((err, client) => (err ? reject(err) : resolve(client!))),
    );
  };
}

/** pg_cancel_backend on a connection of its own: no pool slot is needed, even when all are out. */
function cancelRunningStatement(pool: pg.Pool, client: pg.PoolClient) {
  const backendId = (client as pg.PoolClient & { processID?: number }).processID;
  if (!backendId) return;
  const canceller = new pg.Client(pool.options as pg.ClientConfig);
  canceller.on('error', () => undefined);
  void canceller
    .connect()
    .then(() => canceller.query('select pg_cancel_backend($1)', [backendId]))
    .catch(() => undefined)
    .finally(() => void canceller.end().catch(() => undefined));
}
