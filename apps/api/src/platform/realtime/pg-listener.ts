import type pg from 'pg';

const RETRY_MS = 2000;

/**
 * LISTEN on `channel` with a client of its own, taken from the pool for as long as the app runs.
 * A lost connection is replaced after a short pause; signals sent meanwhile are missed, which the
 * web app's 5-minute reload covers (spec 01 §4).
 */
export function startPgListener(options: {
  pool: pg.Pool;
  channel: string;
  onPayload: (payload: string | undefined) => void;
  onError?: (error: unknown) => void;
}) {
  const { pool, channel } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) options.onPayload(message.payload);
  };

  function drop(current: pg.PoolClient, error?: unknown) {
    if (client !== current) return;
    client = undefined;
    current.off('notification', onNotification);
    // true: destroy the connection instead of returning a broken one to the pool.
    current.release(error instanceof Error ? error : true);
    if (error !== undefined) options.onError?.(error);
    if (!closed) retry = setTimeout(() => void connect(), RETRY_MS);
  }

  async function connect() {
    retry = undefined;
    let current: pg.PoolClient | undefined;
    try {
      current = await pool.connect();
      if (closed) {
        current.release();
        return;
      }
      client = current;
      const thisClient = current;
      current.on('notification', onNotification);
      current.on('error', (error) => drop(thisClient, error));
      current.on('end', () => drop(thisClient, new Error('listener connection ended')));
      await current.query(`LISTEN ${channel}`);
      markReady();
    } catch (error) {
      if (current && client === current) drop(current, error);
      else if (!closed) {
        options.onError?.(error);
        retry = setTimeout(() => void connect(), RETRY_MS);
      }
    }
  }
  void connect();

  return {
    ready,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      if (!current) return;
      current.off('notification', onNotification);
      await current.query(`UNLISTEN ${channel}`).catch(() => undefined);
      current.release();
    },
  };
}
