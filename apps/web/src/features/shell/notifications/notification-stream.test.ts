import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, openNotificationStream, type StreamDeps } from './notification-stream';

class FakeEventSource extends EventTarget {
  isClosed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data?: unknown) {
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function setup(ticketAnswers: Array<() => Promise<{ ticket: string }>>) {
  const sources: FakeEventSource[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  let call = 0;
  const deps: StreamDeps = {
    createTicket: () =>
      (ticketAnswers[Math.min(call++, ticketAnswers.length - 1)] as () => Promise<{ ticket: string }>)(),
    openEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    urlOf: (ticket) => `/stream?ticket=${ticket}`,
    setTimer: (callback, ms) => {
      const timer = { callback, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1);
    },
    random: () => 0,
  };
  const handlers = { onNotification: vi.fn(), onReconnected: vi.fn() };
  return { deps, handlers, sources, timers };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ticket = (value: string) => () => Promise.resolve({ ticket: value });

describe('openNotificationStream', () => {
  it('opens the stream with a ticket and hands on each notification', async () => {
    const { deps, handlers, sources } = setup([ticket('t1')]);
    openNotificationStream(deps, handlers);
    await flush();

    expect(sources[0]?.url).toBe('/stream?ticket=t1');
    sources[0]?.emit('open');
    sources[0]?.emit('notification', { id: 'n1', title: 'Neu' });
    expect(handlers.onNotification).toHaveBeenCalledWith({ id: 'n1', title: 'Neu' });
    expect(handlers.onReconnected).not.toHaveBeenCalled();
  });

  it('reconnects with a new ticket and growing delays, and reloads after reconnecting', async () => {
    const { deps, handlers, sources, timers } = setup([
      ticket('t1'),
      () => Promise.reject(new Error('offline')),
      ticket('t3'),
    ]);
    openNotificationStream(deps, handlers);
    await flush();
    sources[0]?.emit('open');
    sources[0]?.emit('error');
    expect(sources[0]?.isClosed).toBe(true);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);

    timers.shift()?.callback();
    await flush();
    // The ticket call failed: try again later, waiting longer.
    expect(timers.map((timer) => timer.ms)).toEqual([2000]);

    timers.shift()?.callback();
    await flush();
    expect(sources[1]?.url).toBe('/stream?ticket=t3');
    sources[1]?.emit('open');
    expect(handlers.onReconnected).toHaveBeenCalledTimes(1);
  });

  it('closes the stream and stops reconnecting when closed', async () => {
    const { deps, handlers, sources, timers } = setup([ticket('t1')]);
    const close = openNotificationStream(deps, handlers);
    await flush();
    sources[0]?.emit('error');
    expect(timers).toHaveLength(1);
    close();
    expect(timers).toHaveLength(0);
    expect(sources[0]?.isClosed).toBe(true);
  });

  it('never opens a stream when closed before the ticket arrived', async () => {
    const { deps, handlers, sources } = setup([ticket('t1')]);
    const close = openNotificationStream(deps, handlers);
    close();
    await flush();
    expect(sources).toHaveLength(0);
  });
});

describe('backoffDelay', () => {
  it('doubles up to a minute, with jitter', () => {
    expect([0, 1, 2, 10].map((attempt) => backoffDelay(attempt, () => 0))).toEqual([1000, 2000, 4000, 60000]);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });
});
