import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';
import { clubRelations } from '../../db/schema/clubs';

/**
 * docs/decisions/actor-check.md: GET person and GET person/{id} confirm the caller's facts in
 * their own statement. One round trip when nothing changed; and whatever changed since her
 * previous request decides this one.
 */
describe('the caller checked in the statement of GET person and GET person/{id}', () => {
  let t: TestApp;
  let statements: string[] = [];
  let clubId: string;
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => statements.push(query) });
    clubId = (await createClub(t.database.db)).id;
  });
  afterAll(() => t.close());

  async function signedIn(options: Parameters<typeof createPerson>[1]) {
    const person = await createPerson(t.database.db, options);
    const tokens = await signIn(t.app, person.username, person.password);
    return { ...person, tokens, as: injectAs(t.app, tokens.token) };
  }
  const setAdmin = (personId: string, isAdmin: boolean) =>
    t.database.db.update(userAccounts).set({ isAdmin }).where(eq(userAccounts.personId, personId));

  it('answers a known sign-in with the page statement alone', async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await createPerson(t.database.db, { clubId });
    expect((await admin.as({ url: `/api/v1/person/${member.id}` })).statusCode).toBe(200);
    statements = [];
    expect((await admin.as({ url: `/api/v1/person/${member.id}` })).statusCode).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(1);
    statements = [];
    const list = await admin.as({ url: `/api/v1/person?Clubs=${clubId}` });
    expect(list.statusCode).toBe(200);
    // the page and its exact total, run at once; no statement of the sign-in's own
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect(statements.filter((s) => /find_actor|'isSessionRevoked'/.test(s) && !/order by/i.test(s))).toEqual([]);
  });

  it('refuses what she may no longer do at once: admin rights taken away', async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await createPerson(t.database.db, { clubId, state: 90 });
    const archivedFilter = `/api/v1/person?Clubs=${clubId}&States=90`;
    expect((await admin.as({ url: archivedFilter })).statusCode).toBe(200);
    expect((await admin.as({ url: `/api/v1/person/${member.id}` })).statusCode).toBe(200);
    await setAdmin(admin.id, false);
    const refused = await admin.as({ url: archivedFilter });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/problem\+json/);
    // she is in no club: an archived member is no longer hers to see
    expect((await admin.as({ url: `/api/v1/person/${member.id}` })).statusCode).toBe(404);
  });

  it('allows what she may newly do at once: admin rights given', async () => {
    const person = await signedIn({ clubId });
    const archivedFilter = `/api/v1/person?Clubs=${clubId}&States=90`;
    expect((await person.as({ url: archivedFilter })).statusCode).toBe(400);
    await setAdmin(person.id, true);
    expect((await person.as({ url: archivedFilter })).statusCode).toBe(200);
  });

  it('ends a club manager role at once on the person page', async () => {
    const manager = await signedIn({ clubId, type: 'database' });
    const member = await createPerson(t.database.db, { clubId, birthday: '1971-03-04' });
    const before = await manager.as({ url: `/api/v1/person/${member.id}` });
    expect(before.json().birthday).toBe('1971-03-04');
    await t.database.db.delete(clubRelations).where(eq(clubRelations.personId, manager.id));
    // a member sees her, without the manager-only fields
    const after = await manager.as({ url: `/api/v1/person/${member.id}` });
    expect(after.statusCode).toBe(200);
    expect(after.json().birthday).toBeNull();
  });

  it('answers 401 once the sign-in ended, however recently it was seen', async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await createPerson(t.database.db, { clubId });
    expect((await admin.as({ url: `/api/v1/person?Clubs=${clubId}` })).statusCode).toBe(200);
    expect((await admin.as({ url: `/api/v1/person/${member.id}` })).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { userId: admin.id, refreshToken: admin.tokens.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await admin.as({ url: `/api/v1/person?Clubs=${clubId}` })).statusCode).toBe(401);
    expect((await admin.as({ url: `/api/v1/person/${member.id}` })).statusCode).toBe(401);
  });

  it('checks an empty page too', async () => {
    const admin = await signedIn({ isAdmin: true });
    const empty = `/api/v1/person?Clubs=${clubId}&Name=nobodyhasthisname`;
    expect((await admin.as({ url: empty })).json().items).toEqual([]);
    await setAdmin(admin.id, false);
    // not an admin and in no club: the list is empty either way, but archived ones are refused
    expect((await admin.as({ url: `${empty}&States=90` })).statusCode).toBe(400);
    expect((await admin.as({ url: empty })).statusCode).toBe(200);
  });
});
