import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail-outbox';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  nextIp,
  signIn,
  uniqueSuffix,
} from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * The credential rule (issue 15, docs/decisions/credentials.md) as a matrix: every credential
 * path, every kind of caller, every kind of person it may be about. The permission matrix
 * (permission-matrix.ts) calls each route with an ordinary member of club A only, which is how
 * a manager taking over an admin of her club went unnoticed; this one varies the target.
 */
type Caller = 'admin' | 'clubManager' | 'otherClubManager' | 'member';
type Target =
  | 'memberOfA'
  | 'coManagerOfA'
  | 'adminOfA'
  | 'committeeOfA'
  | 'clublessAdminAssignedToA'
  | 'clublessAssignedToA'
  | 'eventManagerOfB'
  | 'managerOfB';
type Path = 'changePassword' | 'changeUsername' | 'invitation' | 'delete';

const targets: Target[] = [
  'memberOfA',
  'coManagerOfA',
  'adminOfA',
  'committeeOfA',
  'clublessAdminAssignedToA',
  'clublessAssignedToA',
  'eventManagerOfB',
  'managerOfB',
];
const paths: Path[] = ['changePassword', 'changeUsername', 'invitation', 'delete'];

/** Who passes the rule, per target (the same for every path). */
const allowed: Record<Caller, readonly Target[]> = {
  admin: targets,
  clubManager: ['memberOfA', 'coManagerOfA'],
  otherClubManager: [],
  member: [],
};

describe('permission matrix of the credential rule: caller x target x path (issue 15)', () => {
  let t: TestApp;
  let clubA: string;
  let clubB: string;
  const tokens = {} as Record<Caller, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    const callers: Record<Caller, CreatedPerson> = {
      admin: await createPerson(db, { isAdmin: true }),
      clubManager: await createPerson(db, { clubId: clubA, type: 'database' }),
      otherClubManager: await createPerson(db, { clubId: clubB, type: 'database' }),
      member: await createPerson(db, { clubId: clubA }),
    };
    for (const [name, person] of Object.entries(callers)) {
      tokens[name as Caller] = (await signIn(t.app, person.username, person.password)).token;
    }
  });
  afterAll(() => t.close());

  /** A new person of the kind `target`: each cell changes (or deletes) its own. */
  async function newTarget(target: Target): Promise<CreatedPerson> {
    const db = t.database.db;
    switch (target) {
      case 'memberOfA':
        return createPerson(db, { clubId: clubA });
      case 'coManagerOfA':
        return createPerson(db, { clubId: clubA, type: 'database' });
      case 'adminOfA':
        return createPerson(db, { clubId: clubA, isAdmin: true });
      case 'committeeOfA':
        return createPerson(db, { clubId: clubA, isCentralCommittee: true });
      case 'clublessAdminAssignedToA':
      case 'clublessAssignedToA': {
        // Assigned to A without becoming her primary club: what a manager of A can do to anyone.
        const person = await createPerson(db, { isAdmin: target === 'clublessAdminAssignedToA' });
        await createMembership(db, { personId: person.id, clubId: clubA, type: 'single' });
        return person;
      }
      case 'eventManagerOfB':
      case 'managerOfB': {
        const person = await createPerson(db, { clubId: clubA });
        const type = target === 'eventManagerOfB' ? 'responsibleEvents' : 'database';
        await createMembership(db, { personId: person.id, clubId: clubB, type });
        return person;
      }
    }
  }

  /** Calls `path` as `caller` on a new `target`: true when it was carried out. */
  async function carriesOut(caller: Caller, path: Path, target: Target): Promise<boolean | string> {
    const person = await newTarget(target);
    const headers = { 'x-forwarded-for': nextIp(), authorization: `Bearer ${tokens[caller]}` };
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, headers, payload });
    let res;
    switch (path) {
      case 'changePassword':
        res = await post('change-password', { userId: person.id, password: 'Matrix-Passwort-9' });
        break;
      case 'changeUsername':
        res = await post('change-username', { userId: person.id, username: `m-${uniqueSuffix()}@example.test` });
        break;
      case 'delete':
        res = await t.app.inject({ method: 'DELETE', url: `/api/v1/person/${person.id}`, headers });
        break;
      case 'invitation': {
        res = await post('reset-password', { email: person.username, mailTemplate: 'welcome' });
        // Always 204: whether an invitation went out tells.
        if (res.statusCode !== 204) return `${res.statusCode} ${res.body}`;
        const invitations = await t.database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(eq(mailOutbox.toAddress, person.username), eq(mailOutbox.subject, 'Willkommen bei BPW Switzerland')),
          );
        return invitations.length === 1;
      }
    }
    if (res.statusCode === 204) return true;
    if (res.statusCode === 403) return false;
    return `${res.statusCode} ${res.body}`;
  }

  it('carries out exactly the cells the rule allows, and refuses the others with 403', async () => {
    const mismatches: string[] = [];
    for (const caller of Object.keys(allowed) as Caller[]) {
      for (const target of targets) {
        for (const path of paths) {
          const expected = allowed[caller].includes(target);
          const got = await carriesOut(caller, path, target);
          if (got !== expected) mismatches.push(`${caller} ${path} ${target}: expected ${expected}, got ${got}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
