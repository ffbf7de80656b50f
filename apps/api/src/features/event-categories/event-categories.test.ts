import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createPerson,
  injectAs,
  signIn,
  uniqueSuffix,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventCategories, eventCategoryLinks } from '../../db/schema/events';

/** Spec 02 §5 "Event category", §6 "Delete event category / create or edit category", §7. */
describe('event categories', () => {
  let t: TestApp;
  let admin: ReturnType<typeof injectAs>;
  let manager: ReturnType<typeof injectAs>;
  let clubId: string;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);

  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
    admin = await as(await createPerson(t.database.db, { isAdmin: true }));
    manager = await as(await createPerson(t.database.db, { clubId, type: 'responsibleEvents' }));
  });
  afterAll(() => t.close());

  const create = (title: string) => admin({ method: 'POST', url: '/api/v1/event-category', payload: { title } });

  it('lists, searches, sorts by title and pages, for signed-in users and anonymous visitors alike', async () => {
    const tag = uniqueSuffix();
    for (const title of [`Workshop ${tag}`, `apéro 100%_${tag}`, `Generalversammlung ${tag}`]) {
      expect((await create(title)).statusCode).toBe(201);
    }
    const list = await manager({ url: `/api/v1/event-category?Title=${tag}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().items.map((c: { title: string }) => c.title)).toEqual([
      `apéro 100%_${tag}`,
      `Generalversammlung ${tag}`,
      `Workshop ${tag}`,
    ]);
    expect(Object.keys(list.json().items[0]).sort()).toEqual(['id', 'title']);
    const desc = await manager({
      url: `/api/v1/event-category?Title=${tag}&SortBy=title&SortDesc=true&PerPage=2&Page=0`,
    });
    expect(desc.json()).toMatchObject({
      total: 3,
      items: [{ title: `Workshop ${tag}` }, { title: `Generalversammlung ${tag}` }],
    });
    expect((await manager({ url: `/api/v1/event-category?Title=${encodeURIComponent('100%_')}` })).json().total).toBe(
      1,
    );
    const anonymous = await t.app.inject({ url: `/api/v1/event-category-public?Title=${tag}&PerPage=0` });
    expect(anonymous.json()).toEqual(list.json());
    expect((await t.app.inject({ url: '/api/v1/event-category' })).statusCode).toBe(401);
  });

  it('lets only admins create and rename; the title is required', async () => {
    const created = await create('  Seminar  ');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Seminar' });
    const id = created.json().id;
    expect((await manager({ method: 'POST', url: '/api/v1/event-category', payload: { title: 'X' } })).statusCode).toBe(
      403,
    );
    const empty = await admin({ method: 'POST', url: '/api/v1/event-category', payload: { title: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['Titel darf nicht leer sein.']);

    const url = `/api/v1/event-category/${id}`;
    expect((await manager({ method: 'PUT', url, payload: { title: 'Kurs' } })).statusCode).toBe(403);
    const renamed = await admin({ method: 'PUT', url, payload: { title: 'Kurs' } });
    expect(renamed.json()).toEqual({ id, title: 'Kurs' });
    expect((await manager({ url })).json()).toEqual({ id, title: 'Kurs', eventCount: 0 });
    const unknown = '/api/v1/event-category/00000000-0000-4000-8000-000000000000';
    expect((await admin({ method: 'PUT', url: unknown, payload: { title: 'X' } })).statusCode).toBe(404);
    expect((await admin({ url: unknown })).statusCode).toBe(404);
  });

  it('refuses to delete a category that still has events (409), and deletes it without them (204)', async () => {
    const id = (await create(`Ausflug ${uniqueSuffix()}`)).json().id;
    const event = await createEvent(t.database.db, { responsibleClubId: clubId });
    await t.database.db.insert(eventCategoryLinks).values({ eventId: event.id, eventCategoryId: id });
    const url = `/api/v1/event-category/${id}`;
    expect((await admin({ url })).json().eventCount).toBe(1);

    expect((await manager({ method: 'DELETE', url })).statusCode).toBe(403);
    const refused = await admin({ method: 'DELETE', url });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['Die Kategorie kann nicht gelöscht werden: 1 Anlässe verwenden sie noch.']);

    await t.database.db.delete(eventCategoryLinks).where(eq(eventCategoryLinks.eventCategoryId, id));
    expect((await admin({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await t.database.db.select().from(eventCategories).where(eq(eventCategories.id, id))).toEqual([]);
    expect((await admin({ method: 'DELETE', url })).statusCode).toBe(404);
  });
});
