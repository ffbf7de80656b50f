import { RegistrationState } from '@bpw/domain/enums/registration';
import type { CheckInResult } from '@bpw/domain/schemas/event-check-in';
import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useAuth } from '../../lib/auth-store';
import { fetchAttendees, fetchEventTitle, postCheckIn } from './api/check-in-api';
import {
  type StoredAttendee,
  dequeue,
  enqueue,
  forgetOldEvents,
  putAttendee,
  queuedOf,
  readEvent,
  saveEvent,
} from './check-in-db';
import { ticketHashOf } from './ticket-hash';

/** What the door shows after a scan or a tap (issue 19). */
export type DoorResult =
  | { kind: 'checkedIn'; name: string; isQueued: boolean }
  | { kind: 'alreadyCheckedIn'; name: string; checkedInAt: string; by: string | null }
  | { kind: 'notConfirmed'; name: string; state: number }
  | { kind: 'refused'; messages: string[] }
  | { kind: 'notOnList' };
export type DoorNotice = { name: string; checkedInAt: string; by: string | null };
export type LoadState = 'loading' | 'ready' | 'offlineWithoutList' | 'refused' | 'failed';

const nameOf = (a: { firstname: string; lastname: string }) => `${a.firstname} ${a.lastname}`.trim();
const byName = (by: { firstname: string; lastname: string } | null) => (by ? nameOf(by) : null);
const isNetworkFailure = (error: unknown) => !(error instanceof ApiError);
const REFRESH_MS = 30_000;

/**
 * The door's state: the event's list (from the server, kept in IndexedDB for offline use), the
 * check-ins waiting to be sent, online or not, and the answer to the last scan. A scan is judged
 * on the device at once from the list (well under 300 ms) and sent to the server, whose answer
 * wins: an earlier check-in from another device replaces the local one, and the page says so.
 */
export function useDoor(eventId: string, onNotice: (notice: DoorNotice) => void) {
  const session = useAuth();
  const me = session?.person
    ? { id: session.personId, firstname: session.person.firstname ?? '', lastname: session.person.lastname }
    : null;
  const [title, setTitle] = useState<string | null>(null);
  const [attendees, setAttendees] = useState<StoredAttendee[]>([]);
  const [isOnline, setOnline] = useState(() => navigator.onLine);
  const [queued, setQueued] = useState(0);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [result, setResult] = useState<{ seq: number; registrationId: string | null; result: DoorResult } | null>(null);
  const list = useRef(attendees);
  const seq = useRef(0);
  const flushing = useRef<Promise<void> | null>(null);
  const meRef = useRef(me);
  const noticeRef = useRef(onNotice);
  const meKey = me ? `${me.id}|${me.firstname}|${me.lastname}` : '';
  useEffect(() => {
    list.current = attendees;
  }, [attendees]);
  useEffect(() => {
    const [id = '', firstname = '', lastname = ''] = meKey.split('|');
    meRef.current = meKey ? { id, firstname, lastname } : null;
  }, [meKey]);
  useEffect(() => {
    noticeRef.current = onNotice;
  }, [onNotice]);

  const show = useCallback((registrationId: string | null, next: DoorResult) => {
    seq.current += 1;
    setResult({ seq: seq.current, registrationId, result: next });
  }, []);

  const store = useCallback(async (attendee: StoredAttendee) => {
    setAttendees((current) => current.map((a) => (a.registrationId === attendee.registrationId ? attendee : a)));
    await putAttendee(attendee);
  }, []);

  /** The server's answer to a check-in becomes the device's truth. */
  const apply = useCallback(
    async (answer: CheckInResult) => {
      const known = list.current.find((a) => a.registrationId === answer.registrationId);
      const updated: StoredAttendee = {
        ...(known ?? {
          eventId,
          registrationId: answer.registrationId,
          firstname: answer.firstname,
          lastname: answer.lastname,
          eventRegistrationState: RegistrationState.Confirmed,
          ticketHash: '',
        }),
        checkedInAt: answer.checkedInAt,
        checkedInBy: answer.checkedInBy,
      };
      if (known) await store(updated);
      return updated;
    },
    [eventId, store],
  );

  const sendQueued = useCallback(async () => {
    const items = await queuedOf(eventId);
    for (const item of items) {
      try {
        const answer = await postCheckIn(eventId, {
          registrationId: item.registrationId,
          checkedInAt: item.checkedInAt,
        });
        await apply(answer);
        const isOurs = answer.checkedInAt === item.checkedInAt && answer.checkedInBy?.id === meRef.current?.id;
        if (!isOurs) {
          const notice = { name: nameOf(answer), checkedInAt: answer.checkedInAt, by: byName(answer.checkedInBy) };
          noticeRef.current(notice);
          setResult((current) =>
            current?.registrationId === answer.registrationId
              ? { ...current, result: { kind: 'alreadyCheckedIn', ...notice } }
              : current,
          );
        }
        await dequeue(item.id!);
      } catch (error) {
        if (isNetworkFailure(error)) break;
        // Refused for good (unregistered meanwhile, deleted): the server's reason replaces the local answer.
        await dequeue(item.id!);
        const messages = (error as ApiError).errors;
        setResult((current) =>
          current?.registrationId === item.registrationId
            ? { ...current, result: { kind: 'refused', messages } }
            : current,
        );
      }
    }
    setQueued((await queuedOf(eventId)).length);
  }, [eventId, apply]);

  const flush = useCallback(() => {
    flushing.current ??= sendQueued().finally(() => {
      flushing.current = null;
    });
    return flushing.current;
  }, [sendQueued]);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      if (!navigator.onLine) return;
      try {
        await flush();
        const [eventTitle, items] = await Promise.all([
          fetchEventTitle(eventId, signal),
          fetchAttendees(eventId, signal),
        ]);
        await saveEvent({ eventId, title: eventTitle, savedAt: new Date().toISOString() }, items);
        const stored = await readEvent(eventId);
        setTitle(eventTitle);
        setAttendees(stored.attendees);
        setLoadState('ready');
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof ApiError)
          setLoadState(error.status === 403 || error.status === 404 ? 'refused' : 'failed');
        else setLoadState((state) => (state === 'loading' ? 'offlineWithoutList' : state));
      }
    },
    [eventId, flush],
  );

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      await forgetOldEvents(new Date());
      const stored = await readEvent(eventId);
      if (stored.event) {
        setTitle(stored.event.title);
        setAttendees(stored.attendees);
        setLoadState('ready');
      } else if (!navigator.onLine) {
        setLoadState('offlineWithoutList');
      }
      setQueued((await queuedOf(eventId)).length);
      await refresh(controller.signal);
    })();
    return () => controller.abort();
  }, [eventId, refresh]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void refresh();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // Other devices' check-ins show here too.
    const timer = window.setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible') void refresh();
    }, REFRESH_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [refresh]);

  /** Checks a person of the list in: judged here at once, queued, sent when there is a network. */
  const checkIn = useCallback(
    async (attendee: StoredAttendee) => {
      const name = nameOf(attendee);
      if (attendee.eventRegistrationState !== RegistrationState.Confirmed) {
        show(attendee.registrationId, { kind: 'notConfirmed', name, state: attendee.eventRegistrationState });
        return;
      }
      if (attendee.checkedInAt) {
        show(attendee.registrationId, {
          kind: 'alreadyCheckedIn',
          name,
          checkedInAt: attendee.checkedInAt,
          by: byName(attendee.checkedInBy),
        });
        return;
      }
      const checkedInAt = toIsoWithoutMilliseconds(new Date());
      // The answer first (the door waits for it), then the writes to the device's store.
      show(attendee.registrationId, { kind: 'checkedIn', name, isQueued: !navigator.onLine });
      setQueued((count) => count + 1);
      await store({ ...attendee, checkedInAt, checkedInBy: meRef.current });
      await enqueue({ eventId, registrationId: attendee.registrationId, checkedInAt });
      if (navigator.onLine) void flush();
    },
    [eventId, flush, show, store],
  );

  /** A scanned or typed ticket token. */
  const scan = useCallback(
    async (token: string) => {
      const text = token.trim();
      if (!text) return;
      const hash = await ticketHashOf(text);
      const attendee = list.current.find((a) => a.ticketHash === hash);
      if (attendee) return checkIn(attendee);
      // Not on the device's list: registered since it was loaded, another event's, or no ticket.
      if (!navigator.onLine) return show(null, { kind: 'notOnList' });
      try {
        const answer = await postCheckIn(eventId, { token: text });
        await apply(answer);
        show(answer.registrationId, {
          kind: answer.outcome,
          name: nameOf(answer),
          checkedInAt: answer.checkedInAt,
          by: byName(answer.checkedInBy),
          isQueued: false,
        } as DoorResult);
        void refresh();
      } catch (error) {
        show(null, error instanceof ApiError ? { kind: 'refused', messages: error.errors } : { kind: 'notOnList' });
      }
    },
    [eventId, apply, checkIn, refresh, show],
  );

  return { title, attendees, isOnline, queued, loadState, result, checkIn, scan };
}
