import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { type CreatedPerson, createPerson, signIn, uniqueSuffix } from './factories';

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

export type MatrixRequest = { url?: string; payload?: object };

export type RouteRule = {
  allowed: readonly ActorName[];
  /** A request valid enough to pass validation; `url` defaults to the route's path. */
  request: (world: MatrixWorld, actor: ActorName) => MatrixRequest | Promise<MatrixRequest>;
};

const everyone = actorNames;
const signedIn = actorNames.filter((a) => a !== 'anonymous');
const only = (...names: ActorName[]) => names;
/** Spec 01 §6: managing a member of club A is for the club manager of A and for admins. */
const managersOfClubA = only('clubManager', 'admin');

const strongPassword = 'Matrix-Passwort-9';

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
    // anonymous: the forgot-password flow (always 204); signed in for another person: spec 01 §6
    allowed: only('anonymous', ...managersOfClubA),
    request: async (w) => ({ payload: { email: (await w.freshMember()).username, mailTemplate: 'basic' } }),
  },
  'POST /api/v1/auth/set-password': {
    allowed: everyone,
    request: () => ({ payload: { token: `unknown-${uniqueSuffix()}`, password: strongPassword } }),
  },
  'POST /api/v1/auth/change-password': {
    allowed: managersOfClubA,
    request: async (w) => ({ payload: { userId: (await w.freshMember()).id, password: strongPassword } }),
  },
  'POST /api/v1/auth/change-username': {
    allowed: managersOfClubA,
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

  // --- persons (spec 01 §7) ---
  'GET /api/v1/person/:id': {
    allowed: signedIn,
    request: (w) => ({ url: `/api/v1/person/${w.actors.member.id}` }),
  },
};
