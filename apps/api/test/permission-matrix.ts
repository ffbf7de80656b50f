import { randomUUID } from 'node:crypto';
import { webhookSubscriptions as matrixWebhooks } from '../src/db/schema/webhooks';
import { mailingLists as matrixMailingLists, mailings as matrixMailings } from '../src/db/schema/mailings';
import { seedFeeRun, seedInvoice, seedPrintBatch } from '../src/features/invoices/invoice-test-support';
import {
  seedPaymentImport,
  seedReminderRun,
  seedUnmatchedCredit,
} from '../src/features/payments/payments-test-support';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { totpAuthenticators } from '../src/db/schema/second-factors';
import type { Db } from '../src/db/client';
import { type CreatedPerson, createMembership, createPerson, nextIp, signIn, uniqueSuffix } from './factories';
import { notificationSubscriptions, notifications } from '../src/db/schema/notifications';
import { createClub as createMatrixClub } from './factories';
import { addresses as matrixAddresses } from '../src/db/schema/addresses';
import { eventPublications as matrixPublications } from '../src/db/schema/publications';
import { createEvent as createMatrixEvent } from './factories';
import { eventCategories as matrixEventCategories } from '../src/db/schema/events';
import { createEvent as eventOfMatrixClub } from './factories';
import { eventCustomFields as matrixCustomFields } from '../src/db/schema/custom-fields';
import { hashToken, newOpaqueToken } from '../src/platform/auth/secure-tokens';
import { apiTokens as matrixApiTokens } from '../src/db/schema/api-tokens';
import { createRegistration as registrationOfMatrixEvent } from './factories';
import { oidcClients as matrixOidcClients } from '../src/db/schema/oidc';
import {
  erasureRequests as matrixErasureRequests,
  leaveRequests as matrixLeaveRequests,
} from '../src/db/schema/privacy-requests';
import {
  applicationBody,
  formBody,
  insertApplication,
  publishFormInDb,
} from '../src/features/applications/application-test-support';

/**
 * Who may call which route: one row per registered /api/v1 route (permission-matrix.test.ts
 * fails for a route missing here). "Allowed" means the call is not refused with 401/403; it may
 * still answer 400, 404 or 409 for the data given. Every feature adds its routes here.
 */
export const actorNames = [
  'anonymous',
  'member',
  'clubManager',
  'otherClubManager',
  'eventManager',
  'centralCommittee',
  'admin',
] as const;
export type ActorName = (typeof actorNames)[number];
export type SignedInActorName = Exclude<ActorName, 'anonymous'>;

/**
 * The data every row is called with. Club A is "the" club: member, club manager and event manager
 * are in it; the other club manager and the committee member are in club B; the admin in none.
 */
export type MatrixWorld = {
  app: FastifyInstance;
  db: Db;
  clubId: string;
  otherClubId: string;
  actors: Record<SignedInActorName, CreatedPerson>;
  /** A fresh member of club A (primary club A) for calls that change the person they act on. */
  freshMember: () => Promise<CreatedPerson>;
};

/**
 * The matrix's world on a test app: clubs A and B and one person of each kind, with a signed-in
 * session each. permission-matrix.test.ts and permission-matrix-tokens.test.ts share it.
 */
export async function createMatrixWorld(
  app: FastifyInstance,
  db: Db,
): Promise<{ world: MatrixWorld; sessions: Record<SignedInActorName, string> }> {
  const clubId = (await createMatrixClub(db)).id;
  const otherClubId = (await createMatrixClub(db)).id;
  const actors = {
    member: await createPerson(db, { clubId }),
    clubManager: await createPerson(db, { clubId, type: 'database' }),
    otherClubManager: await createPerson(db, { clubId: otherClubId, type: 'database' }),
    eventManager: await createPerson(db, { clubId, type: 'responsibleEvents' }),
    centralCommittee: await createPerson(db, { clubId: otherClubId, isCentralCommittee: true }),
    admin: await createPerson(db, { isAdmin: true }),
  };
  const world = { app, db, clubId, otherClubId, actors, freshMember: () => createPerson(db, { clubId }) };
  const sessions = {} as Record<SignedInActorName, string>;
  for (const [name, person] of Object.entries(actors)) {
    sessions[name as SignedInActorName] = (await signIn(app, person.username, person.password)).token;
  }
  return { world, sessions };
}

export type MatrixRequest = { url?: string; payload?: object };

export type RouteRule = {
  allowed: readonly ActorName[];
  /** A request valid enough to pass validation; `url` defaults to the route's path. */
  request: (world: MatrixWorld, actor: ActorName) => MatrixRequest | Promise<MatrixRequest>;
  /**
   * Who may use the route at all, where the body names what it acts on (another club, her own
   * account): they learn about an empty body (400); everyone else is refused first (403/404).
   * Defaults to `allowed` (issue 15, docs/decisions/api-clients.md).
   */
  usableBy?: readonly ActorName[];
};

const everyone = actorNames;
const signedIn = actorNames.filter((a) => a !== 'anonymous');
const only = (...names: ActorName[]) => names;
/** Spec 01 §6: managing a member of club A is for the club manager of A and for admins. */
const managersOfClubA = only('clubManager', 'admin');

const strongPassword = 'Matrix-Passwort-9';

/** A fresh person with TOTP: the ticket of her password step and a code valid now. */
async function secondStepOfFreshPerson(w: MatrixWorld): Promise<{ ticket: string; code: string }> {
  const person = await w.freshMember();
  const secret = generateSecret();
  await w.db.insert(totpAuthenticators).values({ personId: person.id, secret, confirmedAt: new Date() });
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    headers: { 'x-forwarded-for': nextIp() },
    payload: { username: person.username, password: person.password, acceptedTermsAndConditions: true },
  });
  return {
    ticket: (res.json() as { secondFactorTicket: string }).secondFactorTicket,
    code: await generate({ secret }),
  };
}

export const permissionMatrix: Record<string, RouteRule> = {
  'GET /api/v1/health': { allowed: everyone, request: () => ({}) },

  // --- auth (spec 01 §7) ---
  'POST /api/v1/auth/authenticate': {
    allowed: everyone,
    request: async (w) => {
      const person = await createPerson(w.db);
      return { payload: { username: person.username, password: person.password, acceptedTermsAndConditions: true } };
    },
  },
  'POST /api/v1/auth/refresh': {
    allowed: everyone,
    request: async (w) => {
      const person = await createPerson(w.db);
      const tokens = await signIn(w.app, person.username, person.password);
      return { payload: { refreshToken: tokens.refreshToken, jwtToken: tokens.token } };
    },
  },
  'POST /api/v1/auth/logout': {
    allowed: everyone,
    // Another person's id: the call must not end the caller's own session used by later rows.
    request: async (w) => ({ payload: { userId: (await w.freshMember()).id } }),
  },
  'POST /api/v1/auth/reset-password': {
    // anonymous: the forgot-password flow (always 204); signed in for a person she may control:
    // spec 01 §6; any other signed-in caller is answered exactly as anonymous (issue 15), never 403
    allowed: everyone,
    // Public (the forgot-password form): its body's shape is no secret.
    usableBy: everyone,
    request: async (w) => ({ payload: { email: (await w.freshMember()).username, mailTemplate: 'basic' } }),
  },
  'POST /api/v1/auth/set-password': {
    allowed: everyone,
    request: () => ({ payload: { token: `unknown-${uniqueSuffix()}`, password: strongPassword } }),
  },
  'POST /api/v1/auth/change-password': {
    allowed: managersOfClubA,
    usableBy: signedIn, // her own password
    request: async (w) => ({ payload: { userId: (await w.freshMember()).id, password: strongPassword } }),
  },
  'POST /api/v1/auth/change-username': {
    allowed: managersOfClubA,
    usableBy: signedIn, // her own username
    request: async (w) => ({
      payload: { userId: (await w.freshMember()).id, username: `renamed-${uniqueSuffix()}@example.test` },
    }),
  },
  'POST /api/v1/auth/toggle-role': {
    allowed: only('admin'),
    request: async (w) => ({ payload: { userId: (await w.freshMember()).id, roleName: 'CentralExecutiveCommittee' } }),
  },
  'GET /api/v1/auth/:id/role': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/auth/${w.actors.member.id}/role` }),
  },

  // --- second factors and sessions (issue 21): her own only; the reset for admins ---
  'POST /api/v1/auth/second-factor': {
    allowed: everyone,
    request: async (w) => {
      const { ticket, code } = await secondStepOfFreshPerson(w);
      return { payload: { ticket, totpCode: code } };
    },
  },
  'POST /api/v1/auth/second-factor/passkey-options': {
    allowed: everyone,
    request: async (w) => ({ payload: { ticket: (await secondStepOfFreshPerson(w)).ticket } }),
  },
  'POST /api/v1/auth/passkey-options': { allowed: everyone, request: () => ({}) },
  'POST /api/v1/auth/passkey-sign-in': {
    allowed: everyone,
    // A made-up passkey is refused (401) for everyone; without a real authenticator here, the
    // row sends an answer of the wrong shape (400). The e2e journey signs in with a real one.
    request: () => ({ payload: { challengeToken: 'x', credential: { id: 'x' }, acceptedTermsAndConditions: true } }),
  },
  'GET /api/v1/auth/second-factors': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/auth/totp/setup': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/auth/totp/confirm': { allowed: signedIn, request: () => ({ payload: { code: '000000' } }) },
  'POST /api/v1/auth/totp/disable': { allowed: signedIn, request: () => ({ payload: { code: '000000' } }) },
  'POST /api/v1/auth/recovery-codes': { allowed: signedIn, request: () => ({}) },
  'GET /api/v1/auth/passkeys': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/auth/passkeys/options': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/auth/passkeys': {
    allowed: signedIn,
    request: () => ({
      payload: {
        name: 'Laptop',
        challengeToken: 'x',
        credential: { id: 'x', type: 'public-key', rawId: 'x', response: {}, clientExtensionResults: {} },
      },
    }),
  },
  'PUT /api/v1/auth/passkeys/:id': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/auth/passkeys/${randomUUID()}`, payload: { name: 'Phone' } }),
  },
  'DELETE /api/v1/auth/passkeys/:id': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/auth/passkeys/${randomUUID()}` }),
  },
  'GET /api/v1/auth/sessions': { allowed: signedIn, request: () => ({}) },
  'DELETE /api/v1/auth/sessions/:id': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/auth/sessions/${randomUUID()}` }),
  },
  // Each actor has one sign-in here: ending "all others" leaves the matrix's tokens working.
  'DELETE /api/v1/auth/sessions': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/auth/reset-second-factor': {
    allowed: only('admin'),
    request: async (w) => ({ payload: { userId: (await w.freshMember()).id } }),
  },

  // --- persons (spec 01 §7) ---
  'GET /api/v1/person': {
    allowed: signedIn,
    request: () => ({ url: '/api/v1/person?PerPage=10&PersonClubTypes=0' }),
  },
  'POST /api/v1/person': {
    // admins in any club, club managers in the clubs they manage (spec 01 §6)
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the club is the body's
    request: (w) => ({
      payload: {
        username: `created-${uniqueSuffix()}@example.test`,
        password: strongPassword,
        lastname: 'Matrix',
        birthday: '1990-01-01',
        language: 'de',
        clubId: w.clubId,
        membershipType: 0,
        clubFrom: '2024-01-01',
      },
    }),
  },
  'GET /api/v1/person/:id': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}` }),
  },
  'PUT /api/v1/person/:id': {
    // own profile or a manager; the fresh member is nobody's own profile here
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/person/${(await w.freshMember()).id}`,
      payload: { lastname: 'Matrix', languageCode: 'de', birthday: '1990-01-01' },
    }),
  },
  'DELETE /api/v1/person/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}` }),
  },
  'GET /api/v1/person/:id/sys-info': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}/sys-info` }),
  },
  'PUT /api/v1/person/:id/state': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}/state`, payload: { state: 90 } }),
  },

  // --- memberships (spec 01 §7 "Club memberships") ---
  'GET /api/v1/person/:id/club': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/club` }),
  },
  'POST /api/v1/person/:id/club': {
    // admins in any club, club managers in the clubs they manage
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the club is the body's
    request: async (w) => ({
      url: `/api/v1/person/${(await w.freshMember()).id}/club`,
      payload: { clubId: w.clubId, type: 300, from: '2024-01-01' },
    }),
  },
  'PUT /api/v1/person/:personId/club/:id': {
    allowed: managersOfClubA,
    request: async (w) => {
      const personId = (await w.freshMember()).id;
      const relation = await createMembership(w.db, { personId, clubId: w.clubId, type: 'interested' });
      return { url: `/api/v1/person/${personId}/club/${relation.id}`, payload: { from: '2024-01-01', to: null } };
    },
  },
  'DELETE /api/v1/person/:id/club/:relationId': {
    allowed: managersOfClubA,
    request: async (w) => {
      const personId = (await w.freshMember()).id;
      const relation = await createMembership(w.db, { personId, clubId: w.clubId, type: 'interested' });
      return { url: `/api/v1/person/${personId}/club/${relation.id}` };
    },
  },
  'GET /api/v1/club/:id/person': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/person` }),
  },

  // --- addresses, primary items, avatar, competence logo, vCard (spec 01 §6, §7) ---
  // Reading contact data: every signed-in user (docs/decisions/contact-entries.md); writing:
  // the person, the managers of her primary club, admins; the primary club of others: admins.
  'GET /api/v1/person/:id/address': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/address` }),
  },
  'POST /api/v1/person/:id/address': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/person/${(await w.freshMember()).id}/address`,
      payload: { label: 'Matrix' },
    }),
  },
  'PUT /api/v1/person/:id/address/:addressId': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: await matrixAddressUrl(w), payload: { label: 'Matrix' } }),
  },
  'DELETE /api/v1/person/:id/address/:addressId': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: await matrixAddressUrl(w) }),
  },
  ...Object.fromEntries(
    (['address', 'phone', 'email', 'url'] as const).map((kind): [string, RouteRule] => [
      `PUT /api/v1/person/:id/primary-${kind}`,
      {
        allowed: managersOfClubA,
        request: async (w) => ({
          url: `/api/v1/person/${(await w.freshMember()).id}/primary-${kind}`,
          payload: { id: null },
        }),
      },
    ]),
  ),
  'PUT /api/v1/person/:id/primary-club': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}/primary-club`, payload: { id: null } }),
  },
  'POST /api/v1/person/:id/address/:addressId/competence-logo': {
    // Allowed callers get 415 here (no multipart body): authorisation comes before the upload is read.
    allowed: managersOfClubA,
    request: async (w) => ({ url: `${await matrixAddressUrl(w)}/competence-logo` }),
  },
  'GET /api/v1/person/:id/address/:addressId/competence-logo': {
    allowed: signedIn,
    request: async (w) => ({ url: `${await matrixAddressUrl(w)}/competence-logo` }),
  },
  'DELETE /api/v1/person/:id/address/:addressId/competence-logo': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `${await matrixAddressUrl(w)}/competence-logo` }),
  },
  'GET /api/v1/person/:id/avatar': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/avatar?size=s` }),
  },
  'POST /api/v1/person/:id/avatar': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}/avatar` }),
  },
  'DELETE /api/v1/person/:id/avatar': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}/avatar` }),
  },
  'GET /api/v1/person/:id/v-card': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/v-card` }),
  },

  // --- privacy (issue 9: audit trail, own-data download) ---
  'GET /api/v1/person/:id/audit-entry': {
    allowed: only('admin'),
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/audit-entry` }),
  },
  'GET /api/v1/person/me/data': { allowed: signedIn, request: () => ({}) },
  // --- privacy self-service (issue 25: consent log, who can see me) ---
  'GET /api/v1/person/:id/consent-log': {
    allowed: only('member', 'clubManager', 'admin'),
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/consent-log` }),
  },
  'GET /api/v1/person/me/visibility': { allowed: signedIn, request: () => ({}) },

  // --- duplicates and merge (issue 16): admins, club managers for the persons they manage ---
  'GET /api/v1/duplicate': {
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({ url: '/api/v1/duplicate?PerPage=10' }),
  },
  'POST /api/v1/duplicate/dismissal': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the persons are the body's
    request: async (w) => ({ payload: { personIds: [(await w.freshMember()).id, (await w.freshMember()).id] } }),
  },
  'GET /api/v1/duplicate/comparison': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/duplicate/comparison?PersonIds=${(await w.freshMember()).id}&PersonIds=${(await w.freshMember()).id}`,
    }),
  },
  'POST /api/v1/duplicate/merge': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the persons are the body's
    request: async (w) => ({
      payload: { survivorId: (await w.freshMember()).id, mergedId: (await w.freshMember()).id },
    }),
  },

  // --- jobs and spreadsheet import (issue 16): a job for its owner and admins (404 otherwise) ---
  'GET /api/v1/jobs/:id': { allowed: signedIn, request: () => ({ url: `/api/v1/jobs/${randomUUID()}` }) },
  'POST /api/v1/jobs/:id/cancel': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/jobs/${randomUUID()}/cancel` }),
  },
  'POST /api/v1/imports': {
    // Allowed callers get 400 here (no multipart body): authorisation comes before the upload is read.
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({}),
  },
  'GET /api/v1/imports/:id': {
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({ url: `/api/v1/imports/${randomUUID()}` }),
  },
  'POST /api/v1/imports/:id/preview': {
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({ url: `/api/v1/imports/${randomUUID()}/preview`, payload: { mapping: {} } }),
  },
  'POST /api/v1/imports/:id/run': {
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({ url: `/api/v1/imports/${randomUUID()}/run`, payload: { mapping: {} } }),
  },
  'GET /api/v1/imports/:id/result': {
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({ url: `/api/v1/imports/${randomUUID()}/result` }),
  },

  // --- clubs, dashboard, notifications, export (spec 01 §6, §7) ---
  'GET /api/v1/club': { allowed: signedIn, request: () => ({ url: '/api/v1/club?SortBy=name&PerPage=10' }) },
  'GET /api/v1/club-public': { allowed: everyone, request: () => ({}) },
  'GET /api/v1/club/:id': { allowed: signedIn, request: (w) => ({ url: `/api/v1/club/${w.clubId}` }) },
  'POST /api/v1/club': {
    allowed: only('admin'),
    request: () => ({ payload: { name: `Matrix ${uniqueSuffix()}`, clubType: 0 } }),
  },
  'PUT /api/v1/club/:id': {
    allowed: only('admin'),
    request: async (w) => ({
      url: `/api/v1/club/${(await createMatrixClub(w.db)).id}`,
      payload: { name: `Renamed ${uniqueSuffix()}`, clubType: 10 },
    }),
  },
  'DELETE /api/v1/club/:id': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/club/${(await createMatrixClub(w.db)).id}` }),
  },
  'GET /api/v1/membership-development': {
    allowed: only('clubManager', 'otherClubManager', 'centralCommittee', 'admin'),
    request: (w) => ({ url: `/api/v1/membership-development?Clubs=${w.clubId}&GroupBy=quarter&NumberOfBuckets=4` }),
  },
  'GET /api/v1/person/birthday-list': {
    allowed: only('clubManager', 'otherClubManager', 'centralCommittee', 'admin'),
    request: () => ({}),
  },
  'GET /api/v1/notification': { allowed: signedIn, request: () => ({ url: '/api/v1/notification?IsRead=false' }) },
  'PUT /api/v1/notification/:id/is-read': {
    // everyone her own (another's answers 404, see notifications.test.ts)
    allowed: signedIn,
    request: async (w, actor) => {
      const personId = w.actors[actor === 'anonymous' ? 'member' : actor].id;
      const [row] = await w.db
        .insert(notifications)
        .values({ personId, title: 'T', content: '<p>C</p>', notificationType: 1, channel: 2 })
        .returning({ id: notifications.id });
      return { url: `/api/v1/notification/${row!.id}/is-read` };
    },
  },
  'PUT /api/v1/notification': {
    allowed: signedIn,
    request: (w, actor) => ({
      payload: { personId: w.actors[actor === 'anonymous' ? 'member' : actor].id, channel: 2 },
    }),
  },
  'POST /api/v1/notification/stream-ticket': { allowed: signedIn, request: () => ({}) },
  'GET /api/v1/notification/stream': {
    // Opened with a ticket, not the bearer token (notification-stream.test.ts); no ticket: 400.
    allowed: everyone,
    request: () => ({ url: '/api/v1/notification/stream?ticket=' }),
  },
  'GET /api/v1/person/:id/notification-subscription': {
    // the person herself, an admin, a club manager of one of her clubs
    allowed: only('member', 'clubManager', 'admin'),
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}/notification-subscription` }),
  },
  'POST /api/v1/person/:personId/notification-subscription': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/person/${w.actors.member.id}/notification-subscription`,
      payload: { clubId: (await createMatrixClub(w.db)).id, notificationType: 2 },
    }),
  },
  'PUT /api/v1/person/:personId/notification-subscription/:id': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => {
      const personId = w.actors.member.id;
      const clubId = (await createMatrixClub(w.db)).id;
      const [row] = await w.db
        .insert(notificationSubscriptions)
        .values({ personId, clubId, notificationType: 2 })
        .returning({ id: notificationSubscriptions.id });
      return {
        url: `/api/v1/person/${personId}/notification-subscription/${row!.id}`,
        payload: { isApplicationEnabled: false, isEmailEnabled: true },
      };
    },
  },
  'DELETE /api/v1/person/:personId/notification-subscription/:id': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => {
      const personId = w.actors.member.id;
      const clubId = (await createMatrixClub(w.db)).id;
      const [row] = await w.db
        .insert(notificationSubscriptions)
        .values({ personId, clubId, notificationType: 5 })
        .returning({ id: notificationSubscriptions.id });
      return { url: `/api/v1/person/${personId}/notification-subscription/${row!.id}` };
    },
  },
  'GET /api/v1/export': {
    // export visibility as the dashboard; the committee (no managed club) only onlyMainData (40)
    allowed: only('clubManager', 'otherClubManager', 'centralCommittee', 'admin'),
    request: (_w, actor) => ({ url: `/api/v1/export?OutputFormat=${actor === 'centralCommittee' ? 40 : 0}` }),
  },

  // --- event publications (spec 02 §6; docs/decisions/event-publications.md) ---
  // Lists answer every signed-in caller, filtered to what she may see.
  'GET /api/v1/event-publication': {
    allowed: signedIn,
    request: () => ({ url: '/api/v1/event-publication?PerPage=10' }),
  },
  'GET /api/v1/event/:id/event-publication': {
    allowed: signedIn,
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixPublication(w, w.clubId, w.otherClubId)).eventId}/event-publication`,
    }),
  },
  'GET /api/v1/club/:id/event-publication': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/event-publication` }),
  },
  'POST /api/v1/event-publication': {
    // the managers of the event (club A's event manager), admins
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      payload: {
        eventId: (await createMatrixEvent(w.db, { responsibleClubId: w.clubId })).id,
        clubIds: [w.otherClubId],
      },
    }),
  },
  'PUT /api/v1/event-publication/:id/state': {
    // the managers of the club it is offered to (club A: club and event manager), admins
    allowed: only('clubManager', 'eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event-publication/${(await matrixPublication(w, w.otherClubId, w.clubId)).id}/state`,
      payload: { eventPublicationState: 20 },
    }),
  },
  'DELETE /api/v1/event-publication/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event-publication/${(await matrixPublication(w, w.clubId, w.otherClubId)).id}`,
    }),
  },

  // --- events and event categories (spec 02 §6, §7; docs/decisions/events.md) ---
  // Reads: every signed-in caller, filtered to the events she may see; the public calls: anyone.
  'GET /api/v1/event': { allowed: signedIn, request: () => ({ url: '/api/v1/event?PerPage=10&EventStates=10' }) },
  'GET /api/v1/event-public': { allowed: everyone, request: () => ({ url: '/api/v1/event-public?PerPage=10' }) },
  'GET /api/v1/club/:id/event': { allowed: signedIn, request: (w) => ({ url: `/api/v1/club/${w.clubId}/event` }) },
  'GET /api/v1/event/:id': {
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}` }),
  },
  'GET /api/v1/event-public/:id': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-public/${(await matrixEvent(w)).id}` }),
  },
  'GET /api/v1/event-public/:id/ics': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-public/${(await matrixEvent(w)).id}/ics` }),
  },
  // Writes: admins, and the event managers of the event's club (club A).
  'POST /api/v1/event': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ payload: await matrixEventBody(w) }),
  },
  'PUT /api/v1/event/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixEvent(w)).id}`,
      payload: { ...(await matrixEventBody(w)), eventState: 20 },
    }),
  },
  'PUT /api/v1/event/:id/event-state': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixEvent(w)).id}/event-state`,
      payload: { eventState: 30 },
    }),
  },
  'DELETE /api/v1/event/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}` }),
  },
  'POST /api/v1/event/:id/event-image': {
    // Allowed callers get 415 here (no multipart body): authorisation comes before the upload is read.
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/event-image` }),
  },
  'DELETE /api/v1/event/:id/event-image': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/event-image` }),
  },
  'GET /api/v1/event/:id/event-image': {
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/event-image?size=small` }),
  },
  'GET /api/v1/event-public/:id/event-image': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-public/${(await matrixEvent(w)).id}/event-image` }),
  },
  'GET /api/v1/event-category': { allowed: signedIn, request: () => ({ url: '/api/v1/event-category?PerPage=10' }) },
  'GET /api/v1/event-category-public': { allowed: everyone, request: () => ({}) },
  'GET /api/v1/event-category/:id': {
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/event-category/${await matrixCategory(w)}` }),
  },
  'POST /api/v1/event-category': {
    allowed: only('admin'),
    request: () => ({ payload: { title: `Matrix ${uniqueSuffix()}` } }),
  },
  'PUT /api/v1/event-category/:id': {
    allowed: only('admin'),
    request: async (w) => ({
      url: `/api/v1/event-category/${await matrixCategory(w)}`,
      payload: { title: `Renamed ${uniqueSuffix()}` },
    }),
  },
  'DELETE /api/v1/event-category/:id': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/event-category/${await matrixCategory(w)}` }),
  },
  // --- event registrations (spec 02 §6, §7; docs/decisions/event-registrations.md) ---
  // The public side: anyone (a signed-in caller registers herself); the link works with its key.
  'POST /api/v1/event-public/:id/event-registration': {
    allowed: everyone,
    request: async (w) => ({
      url: `/api/v1/event-public/${(await matrixEvent(w)).id}/event-registration`,
      payload: matrixRegistrationBody(),
    }),
  },
  'GET /api/v1/event-registration-public/:keyOrId': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-registration-public/${await matrixRegistrationKey(w)}` }),
  },
  'PUT /api/v1/event-registration-public/:keyOrId/confirm': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-registration-public/${await matrixRegistrationKey(w)}/confirm` }),
  },
  'PUT /api/v1/event-registration-public/:keyOrId/unregister': {
    allowed: everyone,
    request: async (w) => ({
      url: `/api/v1/event-registration-public/${await matrixRegistrationKey(w)}/unregister`,
      payload: { unregistrationRemarks: 'Matrix' },
    }),
  },
  'GET /api/v1/event-public/:id/registered-people': {
    allowed: signedIn,
    request: async (w) => ({
      url: `/api/v1/event-public/${(await eventOfMatrixClub(w.db, { responsibleClubId: w.clubId, isRegistrationListPublic: true })).id}/registered-people`,
    }),
  },
  // Staff: the event managers of the event's club (club A) and admins.
  'GET /api/v1/event/:id/event-registration': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/event-registration` }),
  },
  'GET /api/v1/person/:id/event-registration': {
    // another person: admins all, event managers those of their clubs' events; the person herself too
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/person/${(await w.freshMember()).id}/event-registration` }),
  },
  'PUT /api/v1/event-registration/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event-registration/${await matrixRegistrationId(w)}`,
      payload: matrixRegistrationBody(),
    }),
  },
  'DELETE /api/v1/event-registration/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event-registration/${await matrixRegistrationId(w)}` }),
  },
  'PUT /api/v1/event-registration/:id/state': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event-registration/${await matrixRegistrationId(w)}/state`,
      payload: { eventRegistrationState: 30 },
    }),
  },
  'PUT /api/v1/event-registration/:id/extend': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event-registration/${await matrixRegistrationId(w)}/extend` }),
  },
  'PUT /api/v1/event-registration/:id/payment-status': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event-registration/${await matrixRegistrationId(w)}/payment-status`,
      payload: { paymentStatus: 20 },
    }),
  },
  'GET /api/v1/event/:id/export-event-registration': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/export-event-registration` }),
  },
  // --- waiting list (issue 19; docs/decisions/waiting-list.md): the event's managers ---
  'GET /api/v1/event/:id/waiting-list': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/waiting-list` }),
  },
  'PUT /api/v1/event-registration/:id/move-up': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event-registration/${await matrixRegistrationId(w)}/move-up` }),
  },
  'PUT /api/v1/event/:id/waiting-list-state': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixEvent(w)).id}/waiting-list-state`,
      payload: { isWaitingListClosed: true },
    }),
  },
  // --- calendar feeds (issue 19; docs/decisions/calendar-feed.md) ---
  'GET /api/v1/calendar-feed': { allowed: signedIn, request: () => ({}) },
  'PUT /api/v1/calendar-feed/renewal': { allowed: signedIn, request: () => ({}) },
  'GET /api/v1/calendar-feed/:key/calendar.ics': {
    // the key is the credential: a made-up one is a 404 for everyone
    allowed: everyone,
    request: () => ({ url: `/api/v1/calendar-feed/${'A'.repeat(43)}/calendar.ics` }),
  },
  'GET /api/v1/club-public/:id/calendar.ics': {
    allowed: everyone,
    request: (w) => ({ url: `/api/v1/club-public/${w.clubId}/calendar.ics` }),
  },
  'GET /api/v1/club-public/:id/calendar-feed': {
    allowed: everyone,
    request: (w) => ({ url: `/api/v1/club-public/${w.clubId}/calendar-feed` }),
  },
  // --- tickets and check-in (issue 19; docs/decisions/tickets-check-in.md) ---
  // The ticket by the registration's link (409 while not Confirmed); check-in for the event's managers.
  'GET /api/v1/event-registration-public/:keyOrId/ticket': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-registration-public/${await matrixRegistrationKey(w)}/ticket` }),
  },
  'GET /api/v1/event-registration-public/:keyOrId/ticket.pdf': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-registration-public/${await matrixRegistrationKey(w)}/ticket.pdf` }),
  },
  'GET /api/v1/event/:id/check-in': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/check-in` }),
  },
  'POST /api/v1/event/:id/check-in': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => {
      const event = await matrixEvent(w);
      const registration = await registrationOfMatrixEvent(w.db, { eventId: event.id, eventRegistrationState: 30 });
      return { url: `/api/v1/event/${event.id}/check-in`, payload: { registrationId: registration.id } };
    },
  },

  // --- sign in to other apps (issue 26; docs/decisions/oidc.md): admins register the apps ---
  'GET /api/v1/oidc-client': { allowed: only('admin'), request: () => ({}) },
  'GET /api/v1/oidc-client/:id': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/oidc-client/${await matrixOidcClient(w)}` }),
  },
  'POST /api/v1/oidc-client': {
    allowed: only('admin'),
    request: () => ({ payload: { ...matrixOidcClientBody, isPublic: false } }),
  },
  'PUT /api/v1/oidc-client/:id': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/oidc-client/${await matrixOidcClient(w)}`, payload: matrixOidcClientBody }),
  },
  'POST /api/v1/oidc-client/:id/secret': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/oidc-client/${await matrixOidcClient(w)}/secret` }),
  },
  'DELETE /api/v1/oidc-client/:id': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/oidc-client/${await matrixOidcClient(w)}` }),
  },
  // The consent page: only in the browser that started the sign-in (its cookie), else 404.
  'GET /api/v1/oidc-interaction/:uid': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/oidc-interaction/unknown${uniqueSuffix()}` }),
  },
  'POST /api/v1/oidc-interaction/:uid/accept': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/oidc-interaction/unknown${uniqueSuffix()}/accept` }),
  },
  'POST /api/v1/oidc-interaction/:uid/deny': {
    allowed: signedIn,
    request: () => ({ url: `/api/v1/oidc-interaction/unknown${uniqueSuffix()}/deny` }),
  },
  'GET /api/v1/oidc-consent': { allowed: signedIn, request: () => ({}) },
  'DELETE /api/v1/oidc-consent/:id': {
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/oidc-consent/${await matrixOidcClient(w)}` }),
  },

  // --- event custom fields (spec 02 §6, §7) ---
  'GET /api/v1/event/:id/custom-field': {
    // managers all fields, other signed-in callers the member-visible ones
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/event/${(await matrixEvent(w)).id}/custom-field` }),
  },
  'GET /api/v1/event-public/:id/custom-field': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/event-public/${(await matrixEvent(w)).id}/custom-field` }),
  },
  'POST /api/v1/event-custom-field': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ payload: { eventId: (await matrixEvent(w)).id, ...matrixCustomFieldBody } }),
  },
  'PUT /api/v1/event-custom-field/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event-custom-field/${await matrixCustomFieldId(w)}`,
      payload: matrixCustomFieldBody,
    }),
  },
  'DELETE /api/v1/event-custom-field/:id': {
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/event-custom-field/${await matrixCustomFieldId(w)}` }),
  },
  'POST /api/v1/event/:id/copy-custom-field': {
    // the path is the source (readable: a public event), targetEventId one the caller manages
    allowed: only('eventManager', 'admin'),
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixEvent(w)).id}/copy-custom-field`,
      payload: { targetEventId: (await matrixEvent(w)).id },
    }),
  },

  // --- invoices (issue 17; docs/decisions/invoices.md): a club's finance responsible and database
  // managers (here: clubManager), admins; a member her own invoices ---
  'GET /api/v1/invoice-clubs': { allowed: signedIn, request: () => ({}) },
  'GET /api/v1/club/:id/invoice-settings': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/invoice-settings` }),
  },
  'PUT /api/v1/club/:id/invoice-settings': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/invoice-settings`, payload: matrixInvoiceSettingsBody }),
  },
  'GET /api/v1/invoice-settings': { allowed: only('clubManager', 'otherClubManager', 'admin'), request: () => ({}) },
  'PUT /api/v1/invoice-settings': { allowed: only('admin'), request: () => ({ payload: matrixInvoiceSettingsBody }) },
  'GET /api/v1/club/:id/fee-schedule': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/fee-schedule` }),
  },
  'GET /api/v1/club/:id/fee-schedule/:year': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/fee-schedule/2027` }),
  },
  'PUT /api/v1/club/:id/fee-schedule/:year': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/fee-schedule/2027`, payload: matrixFeeScheduleBody }),
  },
  'GET /api/v1/national-fee': { allowed: only('clubManager', 'otherClubManager', 'admin'), request: () => ({}) },
  'GET /api/v1/national-fee/:year': {
    allowed: only('clubManager', 'otherClubManager', 'admin'),
    request: () => ({ url: '/api/v1/national-fee/2027' }),
  },
  'PUT /api/v1/national-fee/:year': {
    allowed: only('admin'),
    request: () => ({ url: '/api/v1/national-fee/2027', payload: { amountCentimes: 4000, youngCentimes: null } }),
  },
  'GET /api/v1/fee-run/preview': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/fee-run/preview?Year=2027&ClubId=${w.clubId}` }),
  },
  'POST /api/v1/fee-run': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the body names the club
    request: (w) => ({ payload: { year: 2027, clubId: w.clubId } }),
  },
  'GET /api/v1/fee-run': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/fee-run?ClubId=${w.clubId}` }),
  },
  'GET /api/v1/fee-run/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/fee-run/${await seedFeeRun(w.db, w.clubId)}` }),
  },
  'GET /api/v1/invoice/:id': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/invoice/${await matrixInvoiceOfMember(w)}` }),
  },
  'POST /api/v1/invoice/:id/cancel': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/invoice/${await matrixInvoiceOfMember(w)}/cancel`,
      payload: { reason: 'Matrix' },
    }),
  },
  'GET /api/v1/invoice/:id/pdf': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/invoice/${await matrixInvoiceOfMember(w)}/pdf` }),
  },
  'POST /api/v1/invoice/:id/send': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/invoice/${await matrixInvoiceOfMember(w)}/send` }),
  },
  'GET /api/v1/me/invoice': { allowed: signedIn, request: () => ({}) },
  'GET /api/v1/invoice-print-batch': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/invoice-print-batch?ClubId=${w.clubId}` }),
  },
  'POST /api/v1/invoice-print-batch': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the body names the run
    request: async (w) => ({ payload: { feeRunId: await seedFeeRun(w.db, w.clubId) } }),
  },
  'GET /api/v1/invoice-print-batch/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/invoice-print-batch/${await seedPrintBatch(w.db, w.clubId)}` }),
  },
  'GET /api/v1/invoice-print-batch/:id/pdf': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/invoice-print-batch/${await seedPrintBatch(w.db, w.clubId)}/pdf` }),
  },
  // Issue 17, payments helper: lists, export, payments, camt imports, reminders, event invoices.
  'GET /api/v1/invoice': { allowed: managersOfClubA, request: (w) => ({ url: `/api/v1/invoice?ClubId=${w.clubId}` }) },
  'GET /api/v1/invoice-totals': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/invoice-totals?ClubId=${w.clubId}` }),
  },
  'GET /api/v1/invoice-export': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/invoice-export?ClubId=${w.clubId}` }),
  },
  'POST /api/v1/invoice/:id/payment': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/invoice/${await matrixInvoiceOfMember(w)}/payment`,
      payload: { amountCentimes: 100, paidOn: '2027-03-01' },
    }),
  },
  'POST /api/v1/payment-import': {
    // allowed callers learn that the file is missing (400)
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/payment-import?ClubId=${w.clubId}` }),
  },
  'GET /api/v1/payment-import': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/payment-import?ClubId=${w.clubId}` }),
  },
  'GET /api/v1/payment-import/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/payment-import/${await seedPaymentImport(w.db, w.clubId)}` }),
  },
  'GET /api/v1/payment/unmatched': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/payment/unmatched?ClubId=${w.clubId}` }),
  },
  'POST /api/v1/payment/unmatched/:id/assign': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/payment/unmatched/${await seedUnmatchedCredit(w.db, w.clubId)}/assign`,
      payload: { invoiceId: await matrixInvoiceOfMember(w) },
    }),
  },
  'POST /api/v1/payment/unmatched/:id/ignore': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/payment/unmatched/${await seedUnmatchedCredit(w.db, w.clubId)}/ignore` }),
  },
  'GET /api/v1/reminder-run/preview': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/reminder-run/preview?ClubId=${w.clubId}&Level=1` }),
  },
  'POST /api/v1/reminder-run': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the body names the club
    request: (w) => ({ payload: { clubId: w.clubId, level: 1 } }),
  },
  'GET /api/v1/reminder-run': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/reminder-run?ClubId=${w.clubId}` }),
  },
  'GET /api/v1/reminder-run/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/reminder-run/${await seedReminderRun(w.db, w.clubId)}` }),
  },
  'GET /api/v1/event/:id/invoice-run/preview': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixEvent(w)).id}/invoice-run/preview?AmountCentimes=100`,
    }),
  },
  'POST /api/v1/event/:id/invoice-run': {
    // allowed callers learn that the club has no invoicing settings (409)
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/event/${(await matrixEvent(w)).id}/invoice-run`,
      payload: { amountCentimes: 100 },
    }),
  },

  // --- webhooks (issue 26; docs/decisions/webhooks.md): a club's for its club managers, the association's for admins ---
  'GET /api/v1/webhook': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/webhook?ClubId=${w.clubId}` }),
  },
  'POST /api/v1/webhook': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the club is the body's
    request: (w) => ({ payload: { clubId: w.clubId, ...matrixWebhookBody } }),
  },
  'GET /api/v1/webhook/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/webhook/${await matrixWebhook(w)}` }),
  },
  'PUT /api/v1/webhook/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/webhook/${await matrixWebhook(w)}`,
      payload: { ...matrixWebhookBody, isEnabled: true },
    }),
  },
  'DELETE /api/v1/webhook/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/webhook/${await matrixWebhook(w)}` }),
  },
  'POST /api/v1/webhook/:id/secret': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/webhook/${await matrixWebhook(w)}/secret` }),
  },
  'GET /api/v1/webhook/:id/attempt': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/webhook/${await matrixWebhook(w)}/attempt` }),
  },
  'POST /api/v1/webhook/:id/message/:messageId/redelivery': {
    // allowed callers learn that the message is unknown (404)
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/webhook/${await matrixWebhook(w)}/message/${randomUUID()}/redelivery` }),
  },

  // --- mailings (issue 18; docs/decisions/mailings.md): a draft to club A's members, its club managers and admins ---
  'GET /api/v1/mailing': {
    allowed: only('clubManager', 'eventManager', 'admin'), // event managers see its event mailings
    request: (w) => ({ url: `/api/v1/mailing?ClubId=${w.clubId}` }),
  },
  'POST /api/v1/mailing': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'eventManager', 'admin'), // the body names the audience
    request: (w) => ({ payload: matrixMailingBody(w) }),
  },
  'GET /api/v1/mailing/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}` }),
  },
  'PUT /api/v1/mailing/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}`, payload: matrixMailingBody(w) }),
  },
  'DELETE /api/v1/mailing/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}` }),
  },
  'POST /api/v1/mailing/:id/attachment': {
    // allowed callers learn that the upload is no multipart form (415)
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/attachment` }),
  },
  'GET /api/v1/mailing/:id/attachment/:attachmentId': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/attachment/${randomUUID()}` }),
  },
  'DELETE /api/v1/mailing/:id/attachment/:attachmentId': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/attachment/${randomUUID()}` }),
  },
  'GET /api/v1/mailing/:id/preview': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/preview` }),
  },
  'POST /api/v1/mailing/:id/test': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/test`, payload: {} }),
  },
  'POST /api/v1/mailing/:id/send': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/send` }),
  },
  'GET /api/v1/mailing/:id/progress': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/progress` }),
  },
  'GET /api/v1/mailing/:id/recipient': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/recipient` }),
  },
  'POST /api/v1/mailing/:id/cancel': {
    // allowed callers learn that a draft is not being sent (409)
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing/${await matrixMailing(w)}/cancel` }),
  },
  // Mailing lists: an open list of club A (its members see it and subscribe; its club managers manage it).
  'GET /api/v1/mailing-list': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/mailing-list': {
    allowed: managersOfClubA,
    usableBy: only('clubManager', 'otherClubManager', 'admin'), // the body names the club
    request: (w) => ({ payload: { clubId: w.clubId, name: `Liste ${uniqueSuffix()}`, isOpen: true } }),
  },
  'GET /api/v1/mailing-list/:id': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/mailing-list/${await matrixMailingList(w)}` }),
  },
  'PUT /api/v1/mailing-list/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/mailing-list/${await matrixMailingList(w)}`,
      payload: { clubId: w.clubId, name: 'Geändert', isOpen: true },
    }),
  },
  'DELETE /api/v1/mailing-list/:id': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing-list/${await matrixMailingList(w)}` }),
  },
  'GET /api/v1/mailing-list/:id/subscriber': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/mailing-list/${await matrixMailingList(w)}/subscriber` }),
  },
  'POST /api/v1/mailing-list/:id/subscriber': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/mailing-list/${await matrixMailingList(w)}/subscriber`,
      payload: { personId: w.actors.member.id },
    }),
  },
  'DELETE /api/v1/mailing-list/:id/subscriber/:personId': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/mailing-list/${await matrixMailingList(w)}/subscriber/${w.actors.member.id}`,
    }),
  },
  'POST /api/v1/mailing-list/:id/subscription': {
    allowed: only('member', 'clubManager', 'admin'),
    request: async (w) => ({ url: `/api/v1/mailing-list/${await matrixMailingList(w)}/subscription` }),
  },
  'DELETE /api/v1/mailing-list/:id/subscription': {
    // leaving is always allowed
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/mailing-list/${await matrixMailingList(w)}/subscription` }),
  },
  // The unsubscribe link is anonymous: the token alone decides (an unknown one: 404).
  'GET /api/v1/mailing-unsubscribe/:token': {
    allowed: everyone,
    request: () => ({ url: '/api/v1/mailing-unsubscribe/1.AAAAAAAAAAAAAAAAAAAAAA' }),
  },
  'POST /api/v1/mailing-unsubscribe/:token': {
    allowed: everyone,
    request: () => ({ url: '/api/v1/mailing-unsubscribe/1.AAAAAAAAAAAAAAAAAAAAAA' }),
  },
  // Issue 25: membership applications (a club's form: its managers and admins; the association's: admins).
  'GET /api/v1/club/:id/application-form': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/application-form` }),
  },
  'PUT /api/v1/club/:id/application-form': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/application-form`, payload: formBody() }),
  },
  'GET /api/v1/application-form': { allowed: only('admin'), request: () => ({}) },
  'PUT /api/v1/application-form': { allowed: only('admin'), request: () => ({ payload: formBody() }) },
  'GET /api/v1/application-form-public/:id': {
    allowed: everyone,
    request: async (w) => ({ url: `/api/v1/application-form-public/${await publishFormInDb(w.db, w.clubId)}` }),
  },
  'GET /api/v1/application-form-public': {
    allowed: everyone,
    request: async (w) => (await publishFormInDb(w.db, null), {}),
  },
  'POST /api/v1/application-public/:id': {
    allowed: everyone,
    request: async (w) => ({
      url: `/api/v1/application-public/${await publishFormInDb(w.db, w.clubId)}`,
      payload: applicationBody(),
    }),
  },
  'POST /api/v1/application-public': {
    allowed: everyone,
    request: async (w) => (await publishFormInDb(w.db, null), { payload: applicationBody() }),
  },
  'PUT /api/v1/application-public/:key/confirm': {
    allowed: everyone,
    request: async (w) => {
      const key = newOpaqueToken();
      await insertApplication(w.db, w.clubId, { keyHash: hashToken(key), isConfirmed: false });
      return { url: `/api/v1/application-public/${key}/confirm` };
    },
  },
  'GET /api/v1/club/:id/application': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/application` }),
  },
  'GET /api/v1/application': { allowed: only('admin'), request: () => ({}) },
  'PUT /api/v1/application/:id/accept': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/application/${await insertApplication(w.db, w.clubId)}/accept`,
      payload: { membershipType: 0, from: '2026-12-01' },
    }),
  },
  'PUT /api/v1/application/:id/reject': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/application/${await insertApplication(w.db, w.clubId)}/reject`,
      payload: { reason: 'Matrix' },
    }),
  },
  'PUT /api/v1/application/:id/ask': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/application/${await insertApplication(w.db, w.clubId)}/ask`,
      payload: { question: 'Matrix?' },
    }),
  },

  // --- API tokens (issue 26, docs/decisions/api-tokens.md) ---
  'GET /api/v1/api-token': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/api-token': { allowed: signedIn, request: () => ({ payload: matrixApiTokenBody() }) },
  'GET /api/v1/club/:id/api-token': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/api-token` }),
  },
  'POST /api/v1/club/:id/api-token': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/api-token`, payload: matrixApiTokenBody() }),
  },
  'GET /api/v1/association/api-token': { allowed: only('admin'), request: () => ({}) },
  'POST /api/v1/association/api-token': { allowed: only('admin'), request: () => ({ payload: matrixApiTokenBody() }) },
  'DELETE /api/v1/api-token/:id': {
    // Each revokes her own token; another's is unknown to her (404).
    allowed: signedIn,
    request: async (w, actor) => ({
      url: `/api/v1/api-token/${await matrixPersonalToken(w, w.actors[actor === 'anonymous' ? 'member' : actor].id)}`,
    }),
  },
  // --- Issue 25: leave and erasure requests, retention (docs/decisions/erasure.md) ---
  // Her own requests: every signed-in person may ask (one who is no member of the club is
  // refused with 409, another's request is unknown to her: 404).
  'GET /api/v1/person/me/leave-request': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/person/me/leave-request': {
    allowed: signedIn,
    request: (w) => ({ payload: { clubId: w.clubId } }),
  },
  'DELETE /api/v1/person/me/leave-request/:id': {
    allowed: signedIn,
    request: async (w) => ({ url: `/api/v1/person/me/leave-request/${await matrixLeaveRequest(w)}` }),
  },
  'GET /api/v1/club/:id/leave-request': {
    allowed: managersOfClubA,
    request: (w) => ({ url: `/api/v1/club/${w.clubId}/leave-request` }),
  },
  'PUT /api/v1/leave-request/:id/confirm': {
    allowed: managersOfClubA,
    request: async (w) => ({ url: `/api/v1/leave-request/${await matrixLeaveRequest(w)}/confirm`, payload: {} }),
  },
  'PUT /api/v1/leave-request/:id/decline': {
    allowed: managersOfClubA,
    request: async (w) => ({
      url: `/api/v1/leave-request/${await matrixLeaveRequest(w)}/decline`,
      payload: { reason: 'Matrix' },
    }),
  },
  'GET /api/v1/person/me/erasure-request': { allowed: signedIn, request: () => ({}) },
  'POST /api/v1/person/me/erasure-request': {
    allowed: signedIn,
    // Her own password: a wrong one would count as a failed sign-in of the matrix's actors.
    request: (w, actor) => ({ payload: { password: w.actors[actor === 'anonymous' ? 'member' : actor].password } }),
  },
  'DELETE /api/v1/person/me/erasure-request': { allowed: signedIn, request: () => ({}) },
  'GET /api/v1/erasure-request': { allowed: only('admin'), request: () => ({}) },
  'PUT /api/v1/erasure-request/:id/execute': {
    allowed: only('admin'),
    request: async (w) => ({ url: `/api/v1/erasure-request/${await matrixErasureRequest(w)}/execute` }),
  },
  'PUT /api/v1/erasure-request/:id/decline': {
    allowed: only('admin'),
    request: async (w) => ({
      url: `/api/v1/erasure-request/${await matrixErasureRequest(w)}/decline`,
      payload: { reason: 'Matrix' },
    }),
  },
  'GET /api/v1/privacy-setting': { allowed: only('admin'), request: () => ({}) },
  'PUT /api/v1/privacy-setting': { allowed: only('admin'), request: () => ({ payload: { retentionMonths: null } }) },
  'GET /api/v1/retention-candidate': { allowed: only('admin'), request: () => ({}) },
  // Without a retention period the run is refused with 409 (allowed, nothing to do).
  'POST /api/v1/retention-run': { allowed: only('admin'), request: () => ({}) },
};

/** A pending leave request of a fresh member of club A: its id. */
async function matrixLeaveRequest(w: MatrixWorld) {
  const person = await w.freshMember();
  const [row] = await w.db
    .insert(matrixLeaveRequests)
    .values({ personId: person.id, clubId: w.clubId, wishedEnd: '2099-12-31' })
    .returning({ id: matrixLeaveRequests.id });
  return row!.id;
}

/** A pending erasure request of a fresh member of club A: her id. */
async function matrixErasureRequest(w: MatrixWorld) {
  const person = await w.freshMember();
  await w.db.insert(matrixErasureRequests).values({ personId: person.id });
  return person.id;
}

const matrixApiTokenBody = () => ({ name: `Matrix ${uniqueSuffix()}`, scopes: ['persons:read'], expiresInDays: 30 });

/** A personal access token of a person, straight into the table: its id. */
async function matrixPersonalToken(w: MatrixWorld, personId: string) {
  const [row] = await w.db
    .insert(matrixApiTokens)
    .values({
      kind: 'personal',
      personId,
      name: `Matrix ${uniqueSuffix()}`,
      scopes: ['persons:read'],
      secretHash: hashToken(newOpaqueToken()),
      hint: 'bpw_pat_xxxx',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: matrixApiTokens.id });
  return row!.id;
}

/** A public address (an IP literal: no DNS lookup); nothing is sent to it in the matrix. */
const matrixWebhookBody = { url: 'https://93.184.215.14/hook', events: ['person.updated'] };

/** A new webhook subscription of club A: its id. */
async function matrixWebhook(w: MatrixWorld) {
  const [row] = await w.db
    .insert(matrixWebhooks)
    .values({ clubId: w.clubId, url: matrixWebhookBody.url, events: matrixWebhookBody.events, secret: 'whsec_matrix' })
    .returning({ id: matrixWebhooks.id });
  return row!.id;
}

/** A new event of `eventClubId` offered (Invited) to `toClubId`. */
async function matrixPublication(w: MatrixWorld, eventClubId: string, toClubId: string) {
  const event = await createMatrixEvent(w.db, { responsibleClubId: eventClubId });
  const [row] = await w.db
    .insert(matrixPublications)
    .values({ eventId: event.id, clubId: toClubId })
    .returning({ id: matrixPublications.id, eventId: matrixPublications.eventId });
  return row!;
}

/** A fresh member of club A with one address: the URL of that address. */
async function matrixAddressUrl(w: MatrixWorld) {
  const personId = (await w.freshMember()).id;
  const [address] = await w.db
    .insert(matrixAddresses)
    .values({ personId, label: 'Matrix' })
    .returning({ id: matrixAddresses.id });
  return `/api/v1/person/${personId}/address/${address!.id}`;
}

/** A new event of club A (OpenForRegistration, unlimited). */
const matrixEvent = (w: MatrixWorld) => eventOfMatrixClub(w.db, { responsibleClubId: w.clubId });

/** A new event category: its id. */
async function matrixCategory(w: MatrixWorld) {
  const [row] = await w.db
    .insert(matrixEventCategories)
    .values({ title: `Matrix ${uniqueSuffix()}` })
    .returning({ id: matrixEventCategories.id });
  return row!.id;
}

/** A valid event body for club A. */
async function matrixEventBody(w: MatrixWorld) {
  return {
    title: `Matrix ${uniqueSuffix()}`,
    eventCategoryIds: [await matrixCategory(w)],
    eventFrom: '2030-05-04T16:00:00Z',
    location: 'Kongresshaus',
    street: 'Claridenstrasse 5',
    zip: '8002',
    city: 'Zürich',
    teaserText: 'Matrix',
    responsibleClubId: w.clubId,
  };
}

/** A guest registration body with an address of its own. */
const matrixRegistrationBody = () => ({
  firstname: 'Matrix',
  lastname: 'Gast',
  email: `matrix-${uniqueSuffix()}@example.test`,
  street: 'Bundesgasse 3',
  zip: '3011',
  city: 'Bern',
});

/** A Pending guest registration for a new event of club A: its id. */
async function matrixRegistrationId(w: MatrixWorld, linkKeyHash?: string) {
  const event = await matrixEvent(w);
  return (await registrationOfMatrixEvent(w.db, { eventId: event.id, ...(linkKeyHash ? { linkKeyHash } : {}) })).id;
}

/** A Pending guest registration for a new event of club A: the key of its public link. */
async function matrixRegistrationKey(w: MatrixWorld) {
  const key = newOpaqueToken();
  await matrixRegistrationId(w, hashToken(key));
  return key;
}

const matrixCustomFieldBody = {
  type: 1,
  title: 'Matrix',
  eventCustomFieldModeMember: 2,
  eventCustomFieldModeGuest: 2,
  showInList: false,
  sortOrder: 0,
};

/** A custom field of a new event of club A: its id. */
async function matrixCustomFieldId(w: MatrixWorld) {
  const event = await matrixEvent(w);
  const [row] = await w.db
    .insert(matrixCustomFields)
    .values({ eventId: event.id, type: 1, title: 'Matrix', modeMember: 2, modeGuest: 2 })
    .returning({ id: matrixCustomFields.id });
  return row!.id;
}

const matrixOidcClientBody = {
  name: 'Matrix app',
  redirectUris: ['https://app.example.test/callback'],
  scopes: ['profile'],
  isEnabled: true,
};

/** A new confidential OpenID Connect client: its id. */
async function matrixOidcClient(w: MatrixWorld) {
  const [row] = await w.db
    .insert(matrixOidcClients)
    .values({
      ...matrixOidcClientBody,
      isPublic: false,
      tokenEndpointAuthMethod: 'client_secret_basic',
      secretSalt: uniqueSuffix(),
    })
    .returning({ id: matrixOidcClients.id });
  return row!.id;
}

const matrixInvoiceSettingsBody = {
  creditorName: 'BPW Club Matrix',
  street: 'Bundesgasse',
  buildingNumber: '3',
  zip: '3011',
  city: 'Bern',
  countryCode: 'CH',
  iban: 'CH44 3199 9123 0008 8901 2',
  paymentTermDays: 30,
};

const matrixFeeScheduleBody = {
  singleCentimes: 15000,
  collectiveCentimes: 30000,
  companyCentimes: 50000,
  youngCentimes: null,
};

/** A new issued invoice of club A for the matrix's member: its id. */
const matrixInvoiceOfMember = (w: MatrixWorld) => seedInvoice(w.db, { clubId: w.clubId, personId: w.actors.member.id });

/** Issue 18: a draft mailing to club A's members. */
const matrixMailingBody = (w: MatrixWorld) => ({
  audience: { kind: 'club', clubId: w.clubId },
  texts: [{ language: 'de', subject: 'Matrix', body: 'Hallo {firstName}' }],
});
async function matrixMailing(w: MatrixWorld) {
  const [row] = await w.db
    .insert(matrixMailings)
    .values({
      clubId: w.clubId,
      audienceKind: 'club',
      audience: { kind: 'club', clubId: w.clubId },
      texts: [{ language: 'de', subject: 'Matrix', body: 'Hallo' }],
    })
    .returning({ id: matrixMailings.id });
  return row!.id;
}
/** An open mailing list of club A. */
async function matrixMailingList(w: MatrixWorld) {
  const [row] = await w.db
    .insert(matrixMailingLists)
    .values({ clubId: w.clubId, name: `Liste ${uniqueSuffix()}`, isOpen: true })
    .returning({ id: matrixMailingLists.id });
  return row!.id;
}
