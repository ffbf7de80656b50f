import type { EventDetail } from '@bpw/domain/schemas/event';

/**
 * `GET event-public/{id}`: the event, the caller's registration status (spec 02 §3 "Registration
 * status for the current user", from the domain's rules) and whether she may manage it.
 */
export type PublicEventDetail = EventDetail;

export const publicEventPath = (eventId: string) => `/events-public/${encodeURIComponent(eventId)}`;
export const registerPath = (eventId: string) => `${publicEventPath(eventId)}/register`;
export const registrationPublicPath = (keyOrId: string, action: 'confirm' | 'unregister') =>
  `/event-registration-public/${encodeURIComponent(keyOrId)}/${action}`;

/** The API address of an event image; `cache` is the image id, so the answer may be cached for good. */
export function eventImageUrl(event: { id: string; eventImageId: string | null }, size: 'small' | 'large'): string {
  const params = new URLSearchParams({ size });
  if (event.eventImageId) params.set('cache', event.eventImageId);
  return `/api/v1/event-public/${encodeURIComponent(event.id)}/event-image?${params.toString()}`;
}

/** The calendar file of an event (`GET event-public/{id}/ics`). */
export const eventIcsUrl = (eventId: string) => `/api/v1/event-public/${encodeURIComponent(eventId)}/ics`;
