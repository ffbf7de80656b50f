import {
  categoryOf,
  customFieldBody,
  customFieldOf,
  eventBody,
  eventImageUpload,
  eventIn,
  eventWithImage,
  publicationOf,
  registrationBody,
  registrationOf,
  strangerClub,
} from './event-fixtures';
import type { ObjectCase } from './object-routes';
import type { Role } from './security-world';

/**
 * The event area's rows of the object-level table (docs/decisions/events.md,
 * event-registrations.md, event-publications.md). An object of the
 * caller's own club is an event of club A; `hidden` is the same in Planning, which has no
 * public page (404 for everybody on the public paths, admins too).
 */
const everyone: readonly Role[] = ['anonymous', 'member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const signedIn: readonly Role[] = ['member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const eventManagers = { own: ['eventManager', 'admin'], other: ['admin'] } as const;
const admins: readonly Role[] = ['admin'];
const nobody: readonly Role[] = [];
const publicOnly = { hidden: { own: nobody, other: nobody } };

export const eventObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/event/:id': {
    own: signedIn,
    other: signedIn,
    // A Planning event is unlisted, not secret: every signed-in user may open it.
    hidden: { own: signedIn, other: signedIn },
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}` }),
  },
  'GET /api/v1/event-public/:id': {
    own: everyone,
    other: everyone,
    ...publicOnly,
    build: async (w, at) => ({ url: `/api/v1/event-public/${await eventIn(w, at)}` }),
  },
  'GET /api/v1/event-public/:id/ics': {
    own: everyone,
    other: everyone,
    ...publicOnly,
    build: async (w, at) => ({ url: `/api/v1/event-public/${await eventIn(w, at)}/ics` }),
  },
  'GET /api/v1/club/:id/event': {
    own: signedIn,
    other: signedIn,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/event` }),
  },
  'PUT /api/v1/event/:id': {
    ...eventManagers,
    hidden: eventManagers,
    build: async (w, at) => ({
      url: `/api/v1/event/${await eventIn(w, at)}`,
      payload: { ...(await eventBody(w, at.clubId)), eventState: at.state === 0 ? 20 : 10 },
    }),
    // Her own club's event, moved to a club she does not manage events for.
    foreignChild: async (w) => ({
      url: `/api/v1/event/${await eventIn(w, { clubId: w.clubA, state: 0 })}`,
      payload: { ...(await eventBody(w, w.clubC)), eventState: 20 },
    }),
    foreignChildAllowed: admins,
  },
  'PUT /api/v1/event/:id/event-state': {
    ...eventManagers,
    hidden: eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/event-state`, payload: { eventState: 30 } }),
  },
  'DELETE /api/v1/event/:id': {
    ...eventManagers,
    hidden: eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}` }),
  },
  'POST /api/v1/event/:id/event-image': {
    ...eventManagers,
    build: async (w, at) => ({
      url: `/api/v1/event/${await eventIn(w, at)}/event-image`,
      ...(await eventImageUpload()),
    }),
  },
  'DELETE /api/v1/event/:id/event-image': {
    ...eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventWithImage(w, at)}/event-image` }),
  },
  'GET /api/v1/event/:id/event-image': {
    own: signedIn,
    other: signedIn,
    hidden: { own: signedIn, other: signedIn },
    build: async (w, at) => ({ url: `/api/v1/event/${await eventWithImage(w, at)}/event-image?size=small` }),
  },
  'GET /api/v1/event-public/:id/event-image': {
    own: everyone,
    other: everyone,
    ...publicOnly,
    build: async (w, at) => ({ url: `/api/v1/event-public/${await eventWithImage(w, at)}/event-image` }),
  },
  // Categories belong to no club: the same answer for "own" and "other".
  'GET /api/v1/event-category/:id': {
    own: signedIn,
    other: signedIn,
    build: async (w) => ({ url: `/api/v1/event-category/${await categoryOf(w)}` }),
  },
  'PUT /api/v1/event-category/:id': {
    own: admins,
    other: admins,
    build: async (w) => ({ url: `/api/v1/event-category/${await categoryOf(w)}`, payload: { title: 'Security' } }),
  },
  'DELETE /api/v1/event-category/:id': {
    own: admins,
    other: admins,
    build: async (w) => ({ url: `/api/v1/event-category/${await categoryOf(w)}` }),
  },
  'POST /api/v1/event-public/:id/event-registration': {
    own: everyone,
    other: everyone,
    ...publicOnly,
    build: async (w, at) => ({
      url: `/api/v1/event-public/${await eventIn(w, at)}/event-registration`,
      payload: registrationBody(),
    }),
  },
  // The link's key is the permission; a registration id works only for its signed-in owner.
  ...Object.fromEntries(
    (['', '/confirm', '/unregister'] as const).map((action): [string, ObjectCase] => [
      `${action ? 'PUT' : 'GET'} /api/v1/event-registration-public/:keyOrId${action}`,
      {
        own: everyone,
        other: everyone,
        build: async (w, at) => ({
          url: `/api/v1/event-registration-public/${(await registrationOf(w, await eventIn(w, at))).key}${action}`,
          ...(action ? { payload: {} } : {}),
        }),
        foreignChild: async (w) => ({
          url: `/api/v1/event-registration-public/${(await registrationOf(w, await eventIn(w, { clubId: w.clubA, state: 0 }))).id}${action}`,
          ...(action ? { payload: {} } : {}),
        }),
      },
    ]),
  ),
  'GET /api/v1/event-public/:id/registered-people': {
    own: signedIn,
    other: signedIn,
    ...publicOnly,
    build: async (w, at) => ({ url: `/api/v1/event-public/${await eventIn(w, at)}/registered-people` }),
  },
  'GET /api/v1/event/:id/event-registration': {
    ...eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/event-registration` }),
  },
  // Issue 19: the waiting list and the calendar feeds.
  'GET /api/v1/event/:id/waiting-list': {
    ...eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/waiting-list` }),
  },
  'PUT /api/v1/event/:id/waiting-list-state': {
    ...eventManagers,
    build: async (w, at) => ({
      url: `/api/v1/event/${await eventIn(w, at)}/waiting-list-state`,
      payload: { isWaitingListClosed: false },
    }),
  },
  'GET /api/v1/club-public/:id/calendar.ics': {
    own: everyone,
    other: everyone,
    build: async (_w, at) => ({ url: `/api/v1/club-public/${at.clubId}/calendar.ics` }),
  },
  'GET /api/v1/club-public/:id/calendar-feed': {
    own: everyone,
    other: everyone,
    build: async (_w, at) => ({ url: `/api/v1/club-public/${at.clubId}/calendar-feed` }),
  },
  'GET /api/v1/calendar-feed/:key/calendar.ics': {
    // The key is the credential: whoever holds a real one reads the feed; a made-up one is a 404.
    own: everyone,
    other: everyone,
    build: async (w) => ({
      url: new URL((await w.call('member', { url: '/api/v1/calendar-feed' })).json<{ url: string }>().url).pathname,
    }),
  },
  // Issue 19: the ticket (the link's key is the permission) and the door's check-in.
  ...Object.fromEntries(
    (['/ticket', '/ticket.pdf'] as const).map((suffix): [string, ObjectCase] => [
      `GET /api/v1/event-registration-public/:keyOrId${suffix}`,
      {
        own: everyone,
        other: everyone,
        build: async (w, at) => ({
          url: `/api/v1/event-registration-public/${(await registrationOf(w, await eventIn(w, at))).key}${suffix}`,
        }),
      },
    ]),
  ),
  'GET /api/v1/event/:id/check-in': {
    ...eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/check-in` }),
  },
  'POST /api/v1/event/:id/check-in': {
    ...eventManagers,
    build: async (w, at) => {
      const eventId = await eventIn(w, at);
      return {
        url: `/api/v1/event/${eventId}/check-in`,
        payload: { registrationId: (await registrationOf(w, eventId)).id },
      };
    },
  },
  'GET /api/v1/event/:id/export-event-registration': {
    ...eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/export-event-registration` }),
  },
  ...Object.fromEntries(
    (
      [
        ['PUT', '', registrationBody],
        ['DELETE', '', undefined],
        ['PUT', '/state', () => ({ eventRegistrationState: 30 })],
        ['PUT', '/payment-status', () => ({ paymentStatus: 20 })],
        ['PUT', '/extend', undefined],
        // Issue 19: 409 for a registration not on the waiting list, once the caller may act.
        ['PUT', '/move-up', undefined],
      ] as const
    ).map(([method, suffix, body]): [string, ObjectCase] => [
      `${method} /api/v1/event-registration/:id${suffix}`,
      {
        ...eventManagers,
        build: async (w, at) => ({
          url: `/api/v1/event-registration/${(await registrationOf(w, await eventIn(w, at))).id}${suffix}`,
          ...(body ? { payload: body() } : {}),
        }),
      },
    ]),
  ),
  'GET /api/v1/event/:id/custom-field': {
    own: signedIn,
    other: signedIn,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/custom-field` }),
  },
  'GET /api/v1/event-public/:id/custom-field': {
    own: everyone,
    other: everyone,
    ...publicOnly,
    build: async (w, at) => ({ url: `/api/v1/event-public/${await eventIn(w, at)}/custom-field` }),
  },
  'PUT /api/v1/event-custom-field/:id': {
    ...eventManagers,
    build: async (w, at) => ({
      url: `/api/v1/event-custom-field/${await customFieldOf(w, await eventIn(w, at))}`,
      payload: customFieldBody,
    }),
  },
  'DELETE /api/v1/event-custom-field/:id': {
    ...eventManagers,
    build: async (w, at) => ({ url: `/api/v1/event-custom-field/${await customFieldOf(w, await eventIn(w, at))}` }),
  },
  'POST /api/v1/event/:id/copy-custom-field': {
    ...eventManagers,
    build: async (w, at) => {
      const source = await eventIn(w, at);
      await customFieldOf(w, source);
      return { url: `/api/v1/event/${source}/copy-custom-field`, payload: { targetEventId: await eventIn(w, at) } };
    },
    // Her own event as the source, somebody else's as the target.
    foreignChild: async (w) => ({
      url: `/api/v1/event/${await eventIn(w, { clubId: w.clubA, state: 0 })}/copy-custom-field`,
      payload: { targetEventId: await eventIn(w, { clubId: w.clubC, state: 0 }) },
    }),
    foreignChildAllowed: admins,
  },
  'GET /api/v1/event/:id/event-publication': {
    own: signedIn,
    other: signedIn,
    build: async (w, at) => ({ url: `/api/v1/event/${await eventIn(w, at)}/event-publication` }),
  },
  'GET /api/v1/club/:id/event-publication': {
    own: signedIn,
    other: signedIn,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/event-publication` }),
  },
  // Confirm or reject: the managers of the club it is offered to (club and event managers).
  'PUT /api/v1/event-publication/:id/state': {
    own: ['clubManager', 'eventManager', 'admin'],
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/event-publication/${await publicationOf(w, await strangerClub(w), at.clubId)}/state`,
      payload: { eventPublicationState: 20 },
    }),
  },
  // Withdraw: the managers of the event's club.
  'DELETE /api/v1/event-publication/:id': {
    ...eventManagers,
    build: async (w, at) => ({
      url: `/api/v1/event-publication/${await publicationOf(w, at.clubId, await strangerClub(w))}`,
    }),
  },
};
