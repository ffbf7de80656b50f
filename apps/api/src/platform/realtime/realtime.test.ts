import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type NotificationSignal, createRealtime, decodeSignal, encodeSignal } from './realtime';

describe('realtime signals', () => {
  it('carries ids only and ignores any other payload', () => {
    const signal = { notificationId: randomUUID(), personId: randomUUID() };
    expect(decodeSignal(encodeSignal(signal))).toEqual(signal);
    for (const payload of [undefined, '', 'garbage', `${signal.notificationId}`, `${encodeSignal(signal)},x`, 'a,b']) {
      expect(decodeSignal(payload)).toBeUndefined();
    }
  });

  it('reaches every realtime of the same embedded database in this process, and no other', async () => {
    const database = {};
    const app = createRealtime({ pool: undefined, scope: database });
    const scheduler = createRealtime({ pool: undefined, scope: database });
    const elsewhere = createRealtime({ pool: undefined, scope: {} });
    const personId = randomUUID();
    const received: NotificationSignal[] = [];
    const unsubscribe = app.subscribe(personId, (s) => received.push(s));
    const signal = { notificationId: randomUUID(), personId };
    await scheduler.publish([signal, { notificationId: randomUUID(), personId: randomUUID() }]);
    await elsewhere.publish([{ notificationId: randomUUID(), personId }]);
    expect(received).toEqual([signal]);
    // Closing one realtime ends only its own subscriptions.
    await scheduler.close();
    await scheduler.publish([signal]);
    expect(received).toHaveLength(2);
    unsubscribe();
    await app.publish([signal]);
    expect(received).toHaveLength(2);
  });
});
