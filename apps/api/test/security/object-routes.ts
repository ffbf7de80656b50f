import type { MatrixRequest } from '../permission-matrix';
import { uniqueSuffix } from '../factories';
import {
  addressOf,
  addressWithLogo,
  importOf,
  notificationOf,
  passkeyOf,
  personIn,
  pngUpload,
  relationOf,
  signInSessionOf,
  subscriptionOf,
  type Target,
  withAvatar,
} from './object-fixtures';
import { eventObjectCases } from './event-object-routes';
import { oidcObjectCases } from './oidc-object-routes';
import { webhookObjectCases } from './webhook-object-routes';
import { invoiceObjectCases } from './invoice-object-routes';
import { applicationObjectCases } from './application-object-routes';
import { apiTokenObjectCases } from './api-token-object-routes';
import { privacyRequestObjectCases } from './privacy-request-object-routes';
import { mailingObjectCases } from './mailing-object-routes';
import type { Role, SecurityWorld } from './security-world';

/**
 * Object-level authorization (OWASP API1:2023), one row per route that takes an id: `build`
 * makes a fresh object that belongs to `at.clubId` (club A: the caller's own club, club B: another
 * club) and answers a valid request for it. `own` and `other` list the roles that may act on it;
 * every other role must be refused (401, 403 or 404). A missing id is refused for everyone.
 * `foreignChild`: the parent in the path is one the caller may act on (she herself), the child
 * (or the id in the body) belongs to someone else: refused for everyone (400, 403 or 404).
 * object-authorization.test.ts fails for a route with an id that has no row here.
 */
export type ObjectCase = {
  build: (w: SecurityWorld, at: Target) => Promise<Req>;
  own: readonly Role[];
  other: readonly Role[];
  /** Also checked on a hidden object (`at.state` 90): an archived person, a Planning event. */
  hidden?: { own: readonly Role[]; other: readonly Role[] };
  foreignChild?: (w: SecurityWorld, self: string) => Promise<Req>;
  /** Roles for whom the foreign child is legitimate after all (admins act in any club). */
  foreignChildAllowed?: readonly Role[];
};
/** `query` outlives the missing-id check's url (a route whose query is required). */
type Req = MatrixRequest & {
  headers?: Record<string, string>;
  payload?: object | Buffer;
  query?: Record<string, string>;
};

const signedIn: readonly Role[] = ['member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const managers: readonly Role[] = ['clubManager', 'admin'];
const admins: readonly Role[] = ['admin'];
const nobody: readonly Role[] = [];
const eventManagers: readonly Role[] = ['eventManager', 'admin'];
/** Managed persons: her club's database responsible and admins (spec 01 §6). */
const managedPerson = { own: managers, other: admins, hidden: { own: managers, other: admins } };
/** Read by every signed-in user, but an archived person is seen only by her managers and admins. */
const readablePerson = { own: signedIn, other: signedIn, hidden: { own: managers, other: admins } };

const primaryKinds = ['address', 'phone', 'email', 'url'] as const;

/** Issue 16: an import and its job are their owner's and the admins' (the owner is none of the roles). */
const ownedImport = (path: (ids: { uploadId: string; jobId: string }) => string, payload?: object): ObjectCase => ({
  own: admins,
  other: admins,
  build: async (w, at) => ({
    url: path(await importOf(w, await personIn(w, at))),
    ...(payload ? { payload } : {}),
  }),
});

export const objectCases: Record<string, ObjectCase> = {
  ...eventObjectCases,
  ...oidcObjectCases,
  ...webhookObjectCases,
  ...invoiceObjectCases,
  ...applicationObjectCases,
  ...apiTokenObjectCases,
  ...privacyRequestObjectCases,
  ...mailingObjectCases,
  'GET /api/v1/jobs/:id': ownedImport(({ jobId }) => `/api/v1/jobs/${jobId}`),
  'POST /api/v1/jobs/:id/cancel': ownedImport(({ jobId }) => `/api/v1/jobs/${jobId}/cancel`, {}),
  'GET /api/v1/imports/:id': ownedImport(({ uploadId }) => `/api/v1/imports/${uploadId}`),
  'POST /api/v1/imports/:id/preview': ownedImport(({ uploadId }) => `/api/v1/imports/${uploadId}/preview`, {
    mapping: { '0': 'firstname', '1': 'lastname' },
  }),
  'POST /api/v1/imports/:id/run': ownedImport(({ uploadId }) => `/api/v1/imports/${uploadId}/run`, {
    mapping: { '0': 'firstname', '1': 'lastname' },
  }),
  'GET /api/v1/imports/:id/result': ownedImport(({ uploadId }) => `/api/v1/imports/${uploadId}/result`),
  // Issue 21: passkeys and sign-ins are their owner's alone; another person's answers 404 to all.
  'PUT /api/v1/auth/passkeys/:id': {
    own: nobody,
    other: nobody,
    build: async (w, at) => ({
      url: `/api/v1/auth/passkeys/${await passkeyOf(w, await personIn(w, at))}`,
      payload: { name: 'Taken over' },
    }),
  },
  'DELETE /api/v1/auth/passkeys/:id': {
    own: nobody,
    other: nobody,
    build: async (w, at) => ({ url: `/api/v1/auth/passkeys/${await passkeyOf(w, await personIn(w, at))}` }),
  },
  'DELETE /api/v1/auth/sessions/:id': {
    own: nobody,
    other: nobody,
    build: async (w, at) => ({ url: `/api/v1/auth/sessions/${await signInSessionOf(w, await personIn(w, at))}` }),
  },
  'GET /api/v1/auth/:id/role': {
    ...readablePerson,
    build: async (w, at) => ({ url: `/api/v1/auth/${await personIn(w, at)}/role` }),
  },
  'GET /api/v1/club/:id': {
    own: signedIn,
    other: signedIn,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}` }),
  },
  'PUT /api/v1/club/:id': {
    own: admins,
    other: admins,
    build: async (_w, at) => ({
      url: `/api/v1/club/${at.clubId}`,
      payload: { name: `Club ${uniqueSuffix()}`, clubType: 0 },
    }),
  },
  // The clubs still have members: the admin is let through to the 409, everybody else refused.
  'DELETE /api/v1/club/:id': {
    own: admins,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}` }),
  },
  'GET /api/v1/club/:id/person': {
    own: signedIn,
    other: signedIn,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/person` }),
  },
  // Another person's notification is nobody's business, not even an admin's ("own only").
  'PUT /api/v1/notification/:id/is-read': {
    own: nobody,
    other: nobody,
    build: async (w, at) => ({ url: `/api/v1/notification/${await notificationOf(w, await personIn(w, at))}/is-read` }),
  },
  'GET /api/v1/person/:id/notification-subscription': {
    ...managedPerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/notification-subscription` }),
  },
  'POST /api/v1/person/:personId/notification-subscription': {
    ...managedPerson,
    build: async (w, at) => ({
      url: `/api/v1/person/${await personIn(w, at)}/notification-subscription`,
      payload: { clubId: w.clubC, notificationType: 2 },
    }),
  },
  'PUT /api/v1/person/:personId/notification-subscription/:id': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return {
        url: `/api/v1/person/${person}/notification-subscription/${await subscriptionOf(w, person)}`,
        payload: { isApplicationEnabled: false, isEmailEnabled: true },
      };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/notification-subscription/${await subscriptionOf(w, w.victim.id)}`,
      payload: { isApplicationEnabled: false, isEmailEnabled: true },
    }),
  },
  'DELETE /api/v1/person/:personId/notification-subscription/:id': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return { url: `/api/v1/person/${person}/notification-subscription/${await subscriptionOf(w, person)}` };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/notification-subscription/${await subscriptionOf(w, w.victim.id)}`,
    }),
  },
  'GET /api/v1/person/:id': {
    ...readablePerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}` }),
  },
  'PUT /api/v1/person/:id': {
    ...managedPerson,
    build: async (w, at) => ({
      url: `/api/v1/person/${await personIn(w, at)}`,
      payload: { lastname: 'Security', languageCode: 'de', birthday: '1990-01-01' },
    }),
  },
  'DELETE /api/v1/person/:id': {
    ...managedPerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}` }),
  },
  'GET /api/v1/person/:id/sys-info': {
    ...managedPerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/sys-info` }),
  },
  'GET /api/v1/person/:id/consent-log': {
    ...managedPerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/consent-log` }),
  },
  'GET /api/v1/person/:id/audit-entry': {
    own: admins,
    other: admins,
    hidden: { own: admins, other: admins },
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/audit-entry` }),
  },
  'PUT /api/v1/person/:id/state': {
    own: admins,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/state`, payload: { state: 90 } }),
  },
  'GET /api/v1/person/:id/club': {
    ...readablePerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/club` }),
  },
  'POST /api/v1/person/:id/club': {
    // Archived persons get no new relations (409): only the refusals are compared there.
    ...managedPerson,
    build: async (w, at) => ({
      url: `/api/v1/person/${await personIn(w, at)}/club`,
      payload: { clubId: at.clubId, type: 300, from: '2024-01-01' },
    }),
    // Her own profile, but a club she does not manage.
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/club`,
      payload: { clubId: w.clubC, type: 120, from: '2024-01-01' },
    }),
    foreignChildAllowed: admins,
  },
  'PUT /api/v1/person/:personId/club/:id': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return {
        url: `/api/v1/person/${person}/club/${await relationOf(w, person, at.clubId)}`,
        payload: { from: '2024-01-01' },
      };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/club/${await relationOf(w, w.victim.id, w.clubC)}`,
      payload: { from: '2024-01-01', to: null },
    }),
  },
  'DELETE /api/v1/person/:id/club/:relationId': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return { url: `/api/v1/person/${person}/club/${await relationOf(w, person, at.clubId)}` };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/club/${await relationOf(w, w.victim.id, w.clubC)}`,
    }),
  },
  'GET /api/v1/person/:id/address': {
    ...readablePerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      await addressOf(w, person);
      return { url: `/api/v1/person/${person}/address` };
    },
  },
  'POST /api/v1/person/:id/address': {
    ...managedPerson,
    build: async (w, at) => ({
      url: `/api/v1/person/${await personIn(w, at)}/address`,
      payload: { label: 'Security' },
    }),
  },
  'PUT /api/v1/person/:id/address/:addressId': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return { url: `/api/v1/person/${person}/address/${await addressOf(w, person)}`, payload: { label: 'Security' } };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/address/${await addressOf(w, w.victim.id)}`,
      payload: { label: 'Security' },
    }),
  },
  'DELETE /api/v1/person/:id/address/:addressId': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return { url: `/api/v1/person/${person}/address/${await addressOf(w, person)}` };
    },
    foreignChild: async (w, self) => ({ url: `/api/v1/person/${self}/address/${await addressOf(w, w.victim.id)}` }),
  },
  ...Object.fromEntries(
    primaryKinds.map((kind): [string, ObjectCase] => [
      `PUT /api/v1/person/:id/primary-${kind}`,
      {
        ...managedPerson,
        build: async (w, at) => ({
          url: `/api/v1/person/${await personIn(w, at)}/primary-${kind}`,
          payload: { id: null },
        }),
        // Her own primary item pointing at somebody else's address.
        ...(kind === 'address'
          ? {
              foreignChild: async (w: SecurityWorld, self: string) => ({
                url: `/api/v1/person/${self}/primary-address`,
                payload: { id: await addressOf(w, w.victim.id) },
              }),
            }
          : {}),
      },
    ]),
  ),
  'PUT /api/v1/person/:id/primary-club': {
    own: admins,
    other: admins,
    hidden: { own: admins, other: admins },
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/primary-club`, payload: { id: null } }),
  },
  'POST /api/v1/person/:id/address/:addressId/competence-logo': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return {
        url: `/api/v1/person/${person}/address/${await addressOf(w, person)}/competence-logo`,
        ...(await pngUpload('CompetenceLogo')),
      };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/address/${await addressOf(w, w.victim.id)}/competence-logo`,
      ...(await pngUpload('CompetenceLogo')),
    }),
  },
  'GET /api/v1/person/:id/address/:addressId/competence-logo': {
    ...readablePerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return { url: `/api/v1/person/${person}/address/${await addressWithLogo(w, person)}/competence-logo` };
    },
    // Somebody else's logo under the caller's own person id.
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/address/${await addressWithLogo(w, w.victim.id)}/competence-logo`,
    }),
  },
  'DELETE /api/v1/person/:id/address/:addressId/competence-logo': {
    ...managedPerson,
    build: async (w, at) => {
      const person = await personIn(w, at);
      return { url: `/api/v1/person/${person}/address/${await addressWithLogo(w, person)}/competence-logo` };
    },
    foreignChild: async (w, self) => ({
      url: `/api/v1/person/${self}/address/${await addressWithLogo(w, w.victim.id)}/competence-logo`,
    }),
  },
  'GET /api/v1/person/:id/avatar': {
    ...readablePerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await withAvatar(w, await personIn(w, at))}/avatar?size=s` }),
  },
  'POST /api/v1/person/:id/avatar': {
    ...managedPerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/avatar`, ...(await pngUpload('Avatar')) }),
  },
  'DELETE /api/v1/person/:id/avatar': {
    ...managedPerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await withAvatar(w, await personIn(w, at))}/avatar` }),
  },
  'GET /api/v1/person/:id/v-card': {
    ...readablePerson,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/v-card` }),
  },
  // The rest of the event area is in event-object-routes.ts; this one is about a person.
  // Any event manager may ask: she sees only the registrations of her own clubs' events.
  'GET /api/v1/person/:id/event-registration': {
    own: eventManagers,
    other: eventManagers,
    build: async (w, at) => ({ url: `/api/v1/person/${await personIn(w, at)}/event-registration` }),
  },
};
