import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { startPgListener } from './pg-listener';

/** What travels between instances: ids only, never a title or content (DESIGN "personal data"). */
export type NotificationSignal = { notificationId: string; personId: string };

/**
 * Live delivery of new notifications to the open streams (GET notification/stream). On
 * PostgreSQL every instance LISTENs on one channel of a dedicated pool client, so a notification
 * written by any instance reaches the person's stream on any other; on PGlite (one process) an
 * in-process EventEmitter does the same. Publish after the commit: a signal for a rolled-back
 * notification would point at nothing (the stream then finds no row and sends nothing).
 */
export type Realtime = {
  kind: 'postgres' | 'in-process';
  publish: (signals: readonly NotificationSignal[]) => Promise<void>;
  /** Calls `listener` for each signal to this person; answers the unsubscribe function. */
  subscribe: (personId: string, listener: (signal: NotificationSignal) => void) => () => void;
  /** Resolves once signals from other instances are received (the LISTEN is active). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export const NOTIFICATION_CHANNEL = 'bpw_notifications';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<notification id>,<person id>` as the NOTIFY payload; anything else is ignored. */
export const encodeSignal = (s: NotificationSignal) => `${s.notificationId},${s.personId}`;
export function decodeSignal(payload: string | undefined): NotificationSignal | undefined {
  const [notificationId, personId, rest] = (payload ?? '').split(',');
  if (rest !== undefined || !notificationId || !personId) return undefined;
  if (!uuidPattern.test(notificationId) || !uuidPattern.test(personId)) return undefined;
  return { notificationId, personId };
}

// One emitter per database: every Realtime in this process on the same embedded database (the
// app, a scheduler, a test) reaches the same streams, as NOTIFY does across instances.
const emitters = new WeakMap<object, EventEmitter>();
function emitterFor(scope: object | undefined) {
  const existing = scope ? emitters.get(scope) : undefined;
  if (existing) return existing;
  const emitter = new EventEmitter();
  // One listener per open stream; thousands are expected, so no leak warning.
  emitter.setMaxListeners(0);
  if (scope) emitters.set(scope, emitter);
  return emitter;
}

export function createRealtime(options: {
  pool: pg.Pool | undefined;
  /** The database this realtime belongs to (in-process fan-out is shared per database). */
  scope?: object;
  onError?: (error: unknown) => void;
}): Realtime {
  const { pool } = options;
  // On PostgreSQL, local delivery comes from our own LISTEN, so the emitter is this instance's own.
  const emitter = pool ? emitterFor(undefined) : emitterFor(options.scope);
  const ownListeners = new Set<() => void>();
  const emit = (signal: NotificationSignal) => emitter.emit(signal.personId, signal);
  const subscribe: Realtime['subscribe'] = (personId, listener) => {
    emitter.on(personId, listener);
    const off = () => {
      emitter.off(personId, listener);
      ownListeners.delete(off);
    };
    ownListeners.add(off);
    return off;
  };
  // Only this realtime's subscriptions end with it; a shared emitter serves others too.
  const unsubscribeAll = () => {
    for (const off of [...ownListeners]) off();
  };

  if (!pool) {
    return {
      kind: 'in-process',
      publish: async (signals) => {
        for (const signal of signals) emit(signal);
      },
      subscribe,
      ready: async () => undefined,
      close: async () => unsubscribeAll(),
    };
  }

  // Started with the first stream, so an instance without open streams holds no extra connection.
  let listener: ReturnType<typeof startPgListener> | undefined;
  const ensureListener = () =>
    (listener ??= startPgListener({
      pool,
      channel: NOTIFICATION_CHANNEL,
      onPayload: (payload) => {
        const signal = decodeSignal(payload);
        if (signal) emit(signal);
      },
      onError: options.onError,
    }));
  return {
    kind: 'postgres',
    publish: async (signals) => {
      if (signals.length === 0) return;
      // Our own LISTEN receives these too: local streams are served from there, never twice.
      await pool.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
        NOTIFICATION_CHANNEL,
        signals.map(encodeSignal),
      ]);
    },
    subscribe: (personId, callback) => {
      ensureListener();
      return subscribe(personId, callback);
    },
    ready: () => ensureListener().ready,
    close: async () => {
      unsubscribeAll();
      await listener?.close();
    },
  };
}
