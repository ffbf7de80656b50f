import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonDataPart } from '@bpw/domain/person-visibility';
import type { PersonVisibility } from '@bpw/domain/schemas/person-visibility';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addresses } from '../../db/schema/addresses';

/**
 * Issue 25 "Who can see me": the panel says, per audience, which parts of her data they see.
 * Here real persons of each audience read her through the API, and what they get must be
 * exactly what the panel claims: no part more, no part less.
 */
describe('GET person/me/visibility', () => {
  let t: TestApp;
  let home: { id: string; name: string };
  let second: { id: string; name: string };
  let elsewhere: { id: string; name: string };
  let me: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    home = await createClub(db, { name: 'BPW Bern' });
    second = await createClub(db, { name: 'BPW Biel' });
    elsewhere = await createClub(db, { name: 'BPW Genève' });
    // Primary club Bern, also a member in Biel; an address so that contact data exists.
    me = await createPerson(db, { clubId: home.id, firstname: 'Vera', birthday: '1979-04-03' });
    await createMembership(db, { personId: me.id, clubId: second.id });
    await db.insert(addresses).values({ personId: me.id, label: 'Privat', city: 'Bern' });
  });
  afterAll(() => t.close());

  const tokenOf = async (person: CreatedPerson) => (await signIn(t.app, person.username, person.password)).token;

  /** The parts of her data one viewer actually gets from the API. */
  async function observedParts(viewer: CreatedPerson): Promise<PersonDataPart[]> {
    const as = injectAs(t.app, await tokenOf(viewer));
    const get = (path: string) => as({ url: `/api/v1/person/${me.id}${path}` });
    const [detail, address, clubs, sysInfo, subscriptions, consent, audit] = await Promise.all([
      get(''),
      get('/address'),
      get('/club'),
      get('/sys-info'),
      get('/notification-subscription'),
      get('/consent-log'),
      get('/audit-entry'),
    ]);
    for (const res of [detail, address, clubs, sysInfo, subscriptions, consent, audit]) {
      expect([200, 403, 404], res.body).toContain(res.statusCode);
    }
    const ok = (res: { statusCode: number }) => res.statusCode === 200;
    const parts: PersonDataPart[] = [];
    if (ok(detail)) parts.push('profile');
    if (ok(address) && address.json().items.length > 0) parts.push('contact');
    if (ok(clubs)) parts.push('clubs');
    if (ok(detail) && detail.json().birthday !== null) parts.push('managerFields');
    if (ok(sysInfo)) parts.push('system');
    if (ok(sysInfo) && sysInfo.json().acceptedTermsAndConditionsAt !== null) parts.push('acceptedTerms');
    if (ok(subscriptions)) parts.push('subscriptions');
    if (ok(consent)) parts.push('consentLog');
    if (ok(audit)) parts.push('auditTrail');
    return parts;
  }

  async function panel(): Promise<PersonVisibility> {
    const res = await injectAs(t.app, await tokenOf(me))({ url: '/api/v1/person/me/visibility' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const claimed = (visibility: PersonVisibility, kind: string, clubId: string | null) =>
    visibility.entries.find((e) => e.audience.kind === kind && (e.audience.club?.id ?? null) === clubId)!.parts;

  it('names every audience with its club, and says what a change of profile visibility changes', async () => {
    const visibility = await panel();
    expect(visibility.entries.map((e) => [e.audience.kind, e.audience.club?.name ?? null])).toEqual([
      ['signedIn', null],
      ['clubMember', 'BPW Bern'],
      ['clubManager', 'BPW Bern'],
      ['eventManager', 'BPW Bern'],
      ['clubMember', 'BPW Biel'],
      ['clubManager', 'BPW Biel'],
      ['eventManager', 'BPW Biel'],
      ['otherClubManager', null],
      ['centralCommittee', null],
      ['admin', null],
    ]);
    expect(claimed(visibility, 'clubManager', home.id)).toEqual(expect.arrayContaining(['managerFields', 'contact']));
    expect(claimed(visibility, 'signedIn', null)).not.toContain('managerFields');
    // Today's rules do not read the setting: turning it changes nobody's view (said, not hidden).
    expect(visibility.ifProfileVisibilityChanged).toEqual([]);
  });

  it('matches what the API returns to each role for her person', async () => {
    const db = t.database.db;
    // She has signed in (so the terms date exists) before anybody looks.
    const visibility = await panel();
    const viewers: Array<[string, CreatedPerson, string, string | null]> = [
      ['member of her club', await createPerson(db, { clubId: home.id }), 'clubMember', home.id],
      ['member of another club', await createPerson(db, { clubId: elsewhere.id }), 'signedIn', null],
      ['manager of her club', await createPerson(db, { clubId: home.id, type: 'database' }), 'clubManager', home.id],
      [
        'manager of her second club',
        await createPerson(db, { clubId: second.id, type: 'database' }),
        'clubManager',
        second.id,
      ],
      [
        'manager of another club',
        await createPerson(db, { clubId: elsewhere.id, type: 'database' }),
        'otherClubManager',
        null,
      ],
      [
        'event manager of her club',
        await createPerson(db, { clubId: home.id, type: 'responsibleEvents' }),
        'eventManager',
        home.id,
      ],
      ['central committee', await createPerson(db, { isCentralCommittee: true }), 'centralCommittee', null],
      ['admin', await createPerson(db, { isAdmin: true }), 'admin', null],
    ];
    for (const [label, viewer, kind, clubId] of viewers) {
      const observed = await observedParts(viewer);
      expect(observed.sort(), label).toEqual([...claimed(visibility, kind, clubId)].sort());
    }
  });

  it('is for signed-in persons only', async () => {
    const res = await t.app.inject({ url: '/api/v1/person/me/visibility' });
    expect(res.statusCode).toBe(401);
  });
});
