import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client';
import { type CreatedPerson, createClub, createPerson, nextIp, signIn } from '../factories';
import type { MatrixWorld } from '../permission-matrix';
import { createTestApp, type TestApp } from '../test-app';

/**
 * The callers of the security battery: one per role, all at home in club A (the admin has no
 * club), so "an object of the caller's own club" is one in A and "another club's" one in B.
 * Club C belongs to nobody who calls; the victim lives there and is never touched legitimately.
 */
export const roles = ['anonymous', 'member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'] as const;
export type Role = (typeof roles)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;

export type SecurityWorld = {
  t: TestApp;
  app: FastifyInstance;
  db: Db;
  clubA: string;
  clubB: string;
  clubC: string;
  actors: Record<SignedInRole, CreatedPerson>;
  /** The database responsible of club B (the matrix's `otherClubManager`). */
  managerB: CreatedPerson;
  /** A person of club C whom no caller manages. */
  victim: CreatedPerson;
  /** A request as `role`, from an address of its own (rate limits), with the role's token. */
  call: (role: Role, options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The role's current access token (signed in again when a call ended the session). */
  tokenOf: (role: SignedInRole) => Promise<string>;
  /** Forgets a role's token, e.g. after a call that may have ended its session. */
  forgetToken: (role: SignedInRole) => void;
  /** The permission matrix's view of this world (its request builders target club A). */
  matrixWorld: MatrixWorld;
};

export async function createSecurityWorld(options: Parameters<typeof createTestApp>[0] = {}): Promise<SecurityWorld> {
  const t = await createTestApp(options);
  const db = t.database.db;
  const [clubA, clubB, clubC] = [(await createClub(db)).id, (await createClub(db)).id, (await createClub(db)).id];
  const actors: Record<SignedInRole, CreatedPerson> = {
    member: await createPerson(db, { clubId: clubA, firstname: 'Mia' }),
    clubManager: await createPerson(db, { clubId: clubA, type: 'database', firstname: 'Clara' }),
    eventManager: await createPerson(db, { clubId: clubA, type: 'responsibleEvents', firstname: 'Eva' }),
    centralCommittee: await createPerson(db, { clubId: clubA, isCentralCommittee: true, firstname: 'Cora' }),
    admin: await createPerson(db, { isAdmin: true, firstname: 'Ada' }),
  };
  const managerB = await createPerson(db, { clubId: clubB, type: 'database', firstname: 'Berta' });
  const victim = await createPerson(db, { clubId: clubC, firstname: 'Vera' });

  const tokens = new Map<SignedInRole, string>();
  const tokenOf = async (role: SignedInRole) => {
    let token = tokens.get(role);
    if (!token) {
      token = (await signIn(t.app, actors[role].username, actors[role].password)).token;
      tokens.set(role, token);
    }
    return token;
  };
  const call = async (role: Role, request: InjectOptions) => {
    const authorization = role === 'anonymous' ? {} : { authorization: `Bearer ${await tokenOf(role)}` };
    return t.app.inject({ ...request, headers: { 'x-forwarded-for': nextIp(), ...request.headers, ...authorization } });
  };

  const matrixWorld: MatrixWorld = {
    app: t.app,
    db,
    clubId: clubA,
    otherClubId: clubB,
    actors: { ...actors, otherClubManager: managerB },
    freshMember: () => createPerson(db, { clubId: clubA }),
  };

  return {
    t,
    app: t.app,
    db,
    clubA,
    clubB,
    clubC,
    actors,
    managerB,
    victim,
    call,
    tokenOf,
    forgetToken: (role) => tokens.delete(role),
    matrixWorld,
  };
}

/** `:name` segments of a route path. */
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

export const isDeny = (status: number) => status === 401 || status === 403 || status === 404;
