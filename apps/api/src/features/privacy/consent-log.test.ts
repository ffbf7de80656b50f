import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { consentLog } from '../../db/schema/consent-log';

/** Issue 25: the consent log, written by every path that changes consent, read by whom it concerns. */
describe('consent log', () => {
  let t: TestApp;
  let club: { id: string; name: string };
  let otherClub: { id: string; name: string };
  let admin: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    club = await createClub(t.database.db);
    otherClub = await createClub(t.database.db);
    admin = await createPerson(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const profile = { lastname: 'Consent', languageCode: 'de', birthday: '1980-01-01' };
  const logOf = async (viewer: CreatedPerson, personId: string) =>
    (await as(viewer))({ url: `/api/v1/person/${personId}/consent-log` });
  const rows = (personId: string) => t.database.db.select().from(consentLog).where(eq(consentLog.personId, personId));

  it('logs her own changes of advertising and profile visibility, channel self, and nothing for an unchanged save', async () => {
    const me = await createPerson(t.database.db, { clubId: club.id });
    const inject = await as(me);
    const put = (body: object) => inject({ method: 'PUT', url: `/api/v1/person/${me.id}`, payload: body });
    expect((await put({ ...profile, advertising: 20, isProfilePublic: true })).statusCode).toBe(200);
    expect((await put({ ...profile, advertising: 20, isProfilePublic: true, firstname: 'Eva' })).statusCode).toBe(200);
    expect((await put({ ...profile, advertising: 10, isProfilePublic: true })).statusCode).toBe(200);

    const res = await inject({ url: `/api/v1/person/${me.id}/consent-log` });
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json();
    // The first sign-in accepted the terms; then three saves changed consent twice in the first, once in the last.
    expect(log.total).toBe(4);
    const bySubject = (subject: string) => log.items.filter((e: { subject: string }) => e.subject === subject);
    expect(bySubject('advertising')).toMatchObject([
      { value: 10, previousValue: 20, channel: 'self', actor: { id: me.id } },
      { value: 20, previousValue: 0, channel: 'self' },
    ]);
    expect(bySubject('profileVisibility')).toMatchObject([{ value: true, previousValue: false, channel: 'self' }]);
    expect(bySubject('terms')).toMatchObject([{ value: true, previousValue: null, channel: 'self' }]);
    expect(log.items[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('logs the terms once, at the first sign-in, not at every sign-in', async () => {
    const me = await createPerson(t.database.db);
    await signIn(t.app, me.username, me.password);
    await signIn(t.app, me.username, me.password);
    const terms = (await rows(me.id)).filter((r) => r.subject === 'terms');
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({ value: 1, channel: 'self', actorPersonId: me.id });
  });

  it("logs a manager's change as manager, with her as actor, and shows the log to the person's managers and admins only", async () => {
    const me = await createPerson(t.database.db, { clubId: club.id, hasAccount: true });
    const manager = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
    const res = await (
      await as(manager)
    )({ method: 'PUT', url: `/api/v1/person/${me.id}`, payload: { ...profile, isProfilePublic: true } });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await logOf(manager, me.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items).toMatchObject([
      {
        subject: 'profileVisibility',
        value: true,
        channel: 'manager',
        actor: { id: manager.id, firstname: 'Anna' },
      },
    ]);
    expect((await logOf(admin, me.id)).json().total).toBe(1);

    const clubMember = await createPerson(t.database.db, { clubId: club.id });
    const otherManager = await createPerson(t.database.db, { clubId: otherClub.id, type: 'database' });
    for (const viewer of [clubMember, otherManager]) {
      const refused = await logOf(viewer, me.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/problem\+json/);
    }
    expect((await t.app.inject({ url: `/api/v1/person/${me.id}/consent-log` })).statusCode).toBe(401);
  });

  it('writes the entry in the transaction of the change: a refused change leaves none', async () => {
    const me = await createPerson(t.database.db, { clubId: club.id });
    const inject = await as(me);
    const before = (await rows(me.id)).length;
    // A birthday in the future is refused before anything is written.
    const res = await inject({
      method: 'PUT',
      url: `/api/v1/person/${me.id}`,
      payload: { ...profile, birthday: '2199-01-01', advertising: 20 },
    });
    expect(res.statusCode).toBe(400);
    expect(await rows(me.id)).toHaveLength(before);
  });

  it('keeps the merged person’s log with the survivor and logs a consent value taken from her (merge)', async () => {
    const survivor = await createPerson(t.database.db, { clubId: club.id, hasAccount: false, lastname: 'Merge Eins' });
    const merged = await createPerson(t.database.db, { clubId: club.id, lastname: 'Merge Zwei' });
    const put = await (
      await as(merged)
    )({
      method: 'PUT',
      url: `/api/v1/person/${merged.id}`,
      payload: { ...profile, advertising: 20 },
    });
    expect(put.statusCode).toBe(200);
    const res = await (
      await as(admin)
    )({
      method: 'POST',
      url: '/api/v1/duplicate/merge',
      payload: { survivorId: survivor.id, mergedId: merged.id, fields: { advertising: 'merged' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = (await logOf(admin, survivor.id)).json();
    expect(log.items[0]).toMatchObject({
      subject: 'advertising',
      value: 20,
      previousValue: 0,
      channel: 'manager',
      actor: { id: admin.id },
    });
    // Her own change (self) and her first terms acceptance came with her.
    expect(log.items.map((e: { channel: string; subject: string }) => `${e.subject}:${e.channel}`).sort()).toEqual([
      'advertising:manager',
      'advertising:self',
      'terms:self',
    ]);
  });

  it('is part of the download of her own data', async () => {
    const me = await createPerson(t.database.db, { clubId: club.id });
    const inject = await as(me);
    await inject({ method: 'PUT', url: `/api/v1/person/${me.id}`, payload: { ...profile, advertising: 10 } });
    const data = (await inject({ url: '/api/v1/person/me/data' })).json();
    expect(data.consentLog).toMatchObject([
      { subject: 'advertising', value: 10, previousValue: 0, channel: 'self' },
      { subject: 'terms', value: true, channel: 'self' },
    ]);
  });
});
