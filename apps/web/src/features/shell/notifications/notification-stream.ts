import type { Notification } from '@bpw/domain/schemas/notification';

/** What the stream needs from the browser; tests pass fakes. */
export interface StreamDeps {
  createTicket: () => Promise<{ ticket: string }>;
  openEventSource: (url: string) => EventSource;
  urlOf: (ticket: string) => string;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  random?: () => number;
}

export interface StreamHandlers {
  onNotification: (notification: Notification) => void;
  /** A (re)connection is open: whatever came meanwhile is only in the list, so reload it. */
  onReconnected: () => void;
}

/** 1 s, 2 s, 4 s … up to 60 s, with up to 20 % jitter, so many tabs do not reconnect at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 1_000 * 2 ** attempt);
  return Math.round(base * (1 + 0.2 * random()));
}

/**
 * Keeps one live notification stream open (DESIGN: notifications arrive by Server-Sent Events):
 * a fresh single-use ticket per connection, reconnecting with backoff after any failure (the
 * ticket cannot be reused, so EventSource's own retry is not enough). Answers `close`.
 */
export function openNotificationStream(deps: StreamDeps, handlers: StreamHandlers): () => void {
  let isClosed = false;
  let source: EventSource | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let hasConnected = false;

  const schedule = () => {
    if (isClosed) return;
    timer = deps.setTimer(() => void connect(), backoffDelay(attempt, deps.random));
    attempt += 1;
  };

  async function connect() {
    timer = null;
    let ticket: string;
    try {
      ({ ticket } = await deps.createTicket());
    } catch {
      schedule();
      return;
    }
    if (isClosed) return;
    const current = deps.openEventSource(deps.urlOf(ticket));
    source = current;
    current.addEventListener('open', () => {
      attempt = 0;
      if (hasConnected) handlers.onReconnected();
      hasConnected = true;
    });
    current.addEventListener('notification', (event) => {
      try {
        handlers.onNotification(JSON.parse((event as MessageEvent<string>).data) as Notification);
      } catch {
        // A damaged event: the 5-minute reload still brings the notification.
      }
    });
    current.addEventListener('error', () => {
      // EventSource would retry with the used ticket; start over with a new one instead.
      current.close();
      if (source === current) source = null;
      schedule();
    });
  }

  void connect();
  return () => {
    isClosed = true;
    if (timer !== null) deps.clearTimer(timer);
    source?.close();
    source = null;
  };
}
