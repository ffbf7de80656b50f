import { DuplicateReason, type DuplicateList } from '@bpw/domain/schemas/duplicate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn, uniqueSuffix } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { duplicateDismissals, duplicateQueue } from '../../db/schema/duplicates';
import { persons } from '../../db/schema/persons';
import { addContact } from './duplicate-test-support';
import { duplicateScanJobName, scanQueuedPersons } from './duplicate-scan.service';

describe('GET duplicate and POST duplicate/dismissal (issue 16)', () => {
  let t: TestApp;
  let clubId: string;
  let otherClubId: string;
  let admin: CreatedPerson;
  let manager: CreatedPerson;
  let otherManager: CreatedPerson;
  let member: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    clubId = (await createClub(db)).id;
    otherClubId = (await createClub(db)).id;
    admin = await createPerson(db, { isAdmin: true, languageCode: 'en' });
    manager = await createPerson(db, { clubId, type: 'database' });
    otherManager = await createPerson(db, { clubId: otherClubId, type: 'database' });
    member = await createPerson(db, { clubId });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const list = async (person: CreatedPerson, query = 'PerPage=100') => {
    const res = await (await as(person))({ url: `/api/v1/duplicate?${query}` });
    return res;
  };
  const pairOf = (body: DuplicateList, a: string, b: string) =>
    body.items.find((p) => [p.person1.id, p.person2.id].sort().join() === [a, b].sort().join());

  it('finds the same e-mail, the same name and birthday, and similar names at one zip or phone', async () => {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const a = await createPerson(db, { clubId, firstname: 'Anna', lastname: `Ebersold${tag}` });
    const b = await createPerson(db, { clubId, firstname: 'Hanna', lastname: `Ebersold${tag}x` });
    await addContact(db, a.id, { email: `same-${tag}@example.ch`, zip: '3011' });
    await addContact(db, b.id, { email: `Same-${tag}@Example.ch ` });
    const c = await createPerson(db, {
      clubId,
      firstname: 'Béatrice',
      lastname: `Zürcher${tag}`,
      birthday: '1971-02-03',
    });
    const d = await createPerson(db, {
      clubId,
      firstname: 'Beatrice',
      lastname: `Zurcher${tag}`,
      birthday: '1971-02-03',
    });
    const e = await createPerson(db, { clubId, firstname: 'Sandra', lastname: `Frei${tag}` });
    const f = await createPerson(db, { clubId, firstname: 'Sandra', lastname: `Frey${tag}` });
    await addContact(db, e.id, { zip: '8001' });
    await addContact(db, f.id, { zip: '8001' });
    const g = await createPerson(db, { clubId, firstname: 'Maria', lastname: `Rossi${tag}` });
    const h = await createPerson(db, { clubId, firstname: 'Mario', lastname: `Rossi${tag}` });
    await addContact(db, g.id, { phone: '+41 79 123 45 67' });
    await addContact(db, h.id, { phone: '079 123 45 67' });
    // Similar names in different towns are no pair.
    const i = await createPerson(db, { clubId, firstname: 'Sandra', lastname: `Freyy${tag}` });
    await addContact(db, i.id, { zip: '9000' });

    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as DuplicateList;
    expect(pairOf(body, a.id, b.id)?.reasons).toEqual([DuplicateReason.sameEmail]);
    expect(pairOf(body, c.id, d.id)?.reasons).toEqual([DuplicateReason.sameNameAndBirthday]);
    expect(pairOf(body, e.id, f.id)?.reasons).toEqual([DuplicateReason.similarNameSameZip]);
    expect(pairOf(body, g.id, h.id)?.reasons).toEqual([DuplicateReason.similarNameSamePhone]);
    expect(pairOf(body, e.id, i.id)).toBeUndefined();
    expect(pairOf(body, f.id, i.id)).toBeUndefined();
    // Strongest reason first.
    const ranks = body.items.map((p) => Math.min(...p.reasons.map((r) => (r > 3 ? 3 : r))));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(pairOf(body, a.id, b.id)?.person1).toMatchObject({ email: expect.stringContaining('@') });
  });

  it('follows changes: a renamed person leaves the list, and the queue is empty after the scan', async () => {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const a = await createPerson(db, { clubId, firstname: 'Lea', lastname: `Gerber${tag}`, birthday: '1990-01-01' });
    const b = await createPerson(db, { clubId, firstname: 'Lea', lastname: `Gerber${tag}`, birthday: '1990-01-01' });
    expect(pairOf((await list(admin)).json(), a.id, b.id)).toBeDefined();
    await db
      .update(persons)
      .set({ lastname: `Anders${tag}` })
      .where(eq(persons.id, b.id));
    expect(pairOf((await list(admin)).json(), a.id, b.id)).toBeUndefined();
    expect(await db.select().from(duplicateQueue)).toEqual([]);
  });

  it('scans a bulk change in batches through the scheduled job', async () => {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const created = [];
    for (let n = 0; n < 6; n++) {
      created.push(
        await createPerson(db, { clubId, firstname: 'Ida', lastname: `Bulk${tag}`, birthday: '1960-06-06' }),
      );
    }
    expect((await db.select().from(duplicateQueue)).length).toBeGreaterThanOrEqual(6);
    expect(await scanQueuedPersons(db, { batchSize: 2 })).toBeGreaterThanOrEqual(6);
    expect(await t.app.scheduler.runJob(duplicateScanJobName)).toMatchObject({ ran: true, report: { scanned: 0 } });
    const body = (await list(admin)).json() as DuplicateList;
    expect(body.items.filter((p) => p.person1.lastname === `Bulk${tag}`)).toHaveLength(15); // 6 choose 2
  });

  it('pages on the server with a total', async () => {
    const first = (await list(admin, 'Page=0&PerPage=2')).json() as DuplicateList;
    const second = (await list(admin, 'Page=1&PerPage=2')).json() as DuplicateList;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(4);
    expect(second.total).toBe(first.total);
    expect(second.items[0]).not.toEqual(first.items[0]);
    expect((await list(admin, 'PerPage=0')).statusCode).toBe(400);
    expect((await list(admin, 'PerPage=101')).statusCode).toBe(400);
  });

  it('dismisses a pair for good: it does not come back when the persons change', async () => {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const a = await createPerson(db, { clubId, firstname: 'Eva', lastname: `Keller${tag}`, birthday: '1985-03-03' });
    const b = await createPerson(db, { clubId, firstname: 'Eva', lastname: `Keller${tag}`, birthday: '1985-03-03' });
    expect(pairOf((await list(manager)).json(), a.id, b.id)).toBeDefined();
    const dismiss = await (
      await as(manager)
    )({
      method: 'POST',
      url: '/api/v1/duplicate/dismissal',
      payload: { personIds: [b.id, a.id] },
    });
    expect(dismiss.statusCode).toBe(204);
    expect(pairOf((await list(admin)).json(), a.id, b.id)).toBeUndefined();
    await db.update(persons).set({ firstname: 'Evi' }).where(eq(persons.id, a.id));
    await db.update(persons).set({ firstname: 'Eva' }).where(eq(persons.id, a.id));
    expect(pairOf((await list(admin)).json(), a.id, b.id)).toBeUndefined();
    const [stored] = await db
      .select()
      .from(duplicateDismissals)
      .where(eq(duplicateDismissals.personId1, [a.id, b.id].sort()[0]!));
    expect(stored).toMatchObject({ dismissedBy: manager.id });
  });

  it('shows a manager the pairs of her club only, and refuses members', async () => {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const mine = await createPerson(db, {
      clubId,
      firstname: 'Ursula',
      lastname: `Baumann${tag}`,
      birthday: '1950-05-05',
    });
    const theirs = await createPerson(db, {
      clubId: otherClubId,
      firstname: 'Ursula',
      lastname: `Baumann${tag}`,
      birthday: '1950-05-05',
    });
    const theirs2 = await createPerson(db, {
      clubId: otherClubId,
      firstname: 'Ursula',
      lastname: `Baumann${tag}`,
      birthday: '1950-05-05',
    });
    const managerList = (await list(manager)).json() as DuplicateList;
    expect(pairOf(managerList, mine.id, theirs.id)).toBeUndefined();
    const otherList = (await list(otherManager)).json() as DuplicateList;
    expect(pairOf(otherList, theirs.id, theirs2.id)).toBeDefined();
    expect(otherList.items.every((p) => ![p.person1.id, p.person2.id].includes(mine.id))).toBe(true);
    expect(pairOf((await list(admin)).json(), mine.id, theirs.id)).toBeDefined();
    expect((await list(member)).statusCode).toBe(403);
    const refused = await (
      await as(manager)
    )({
      method: 'POST',
      url: '/api/v1/duplicate/dismissal',
      payload: { personIds: [mine.id, theirs.id] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.length).toBeGreaterThan(0);
  });

  it('refuses a bad dismissal body with localised errors', async () => {
    const inject = await as(admin);
    const same = await inject({
      method: 'POST',
      url: '/api/v1/duplicate/dismissal',
      payload: { personIds: [member.id, member.id] },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([expect.any(String)]);
    const missing = await inject({
      method: 'POST',
      url: '/api/v1/duplicate/dismissal',
      payload: { personIds: [member.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(missing.statusCode).toBe(404);
  });
});
