import type { AttendeeList, CheckInResult } from '@bpw/domain/schemas/event-check-in';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { api } from '../../../api/api';

const PER_PAGE = 500;

/** GET event/{id}/check-in, every page (the door keeps the whole list for offline use). */
export async function fetchAttendees(eventId: string, signal?: AbortSignal) {
  const items: AttendeeList['items'] = [];
  for (let page = 0; ; page++) {
    const answer = await api.get<AttendeeList>(`/event/${eventId}/check-in`, { Page: page, PerPage: PER_PAGE }, signal);
    items.push(...answer.items);
    if (answer.items.length < PER_PAGE || items.length >= answer.total) return items;
  }
}

export const fetchEventTitle = async (eventId: string, signal?: AbortSignal) =>
  (await api.get<EventDetail>(`/event/${eventId}`, undefined, signal)).title;

/** POST event/{id}/check-in: by ticket token or registration id; `checkedInAt` for one made offline. */
export const postCheckIn = (
  eventId: string,
  body: { token: string } | { registrationId: string; checkedInAt?: string },
) => api.post<CheckInResult>(`/event/${eventId}/check-in`, body);
