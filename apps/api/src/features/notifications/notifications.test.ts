import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema/notifications';

describe('notifications (spec 01 §7 "Notifications")', () => {
  let t: TestApp;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function inbox(personId: string) {
    const at = (minute: number) => new Date(`2026-03-01T10:${String(minute).padStart(2, '0')}:00.123Z`);
    const row = (title: string, minute: number, extra: Partial<typeof notifications.$inferInsert> = {}) => ({
      personId,
      title,
      content: `<p>${title}</p>`,
      notificationType: 2,
      channel: 2,
      createdAt: at(minute),
      ...extra,
    });
    return t.database.db
      .insert(notifications)
      .values([row('first', 1), row('second', 2, { isRead: true }), row('third', 3), row('mail', 4, { channel: 1 })])
      .returning({ id: notifications.id, title: notifications.title });
  }

  it('lists her own notifications newest first, filtered and paged as the bell asks', async () => {
    const person = await createPerson(t.database.db);
    await inbox(person.id);
    const call = await as(person);
    const res = await call({
      url: `/api/v1/notification?SortBy=createdAt&SortDesc=true&Page=0&PerPage=5&PersonId=${person.id}&IsRead=false&Channel=2`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().items[0]).toEqual({
      id: expect.any(String),
      title: 'third',
      content: '<p>third</p>',
      createdAt: '2026-03-01T10:03:00Z',
      notificationType: 2,
      eventId: null,
      isRead: false,
      channel: 2,
    });
    expect(res.json().items.map((n: { title: string }) => n.title)).toEqual(['third', 'first']);

    const all = await call({ url: '/api/v1/notification?SortBy=createdAt&SortDesc=false&PerPage=2&Page=1' });
    expect(all.json()).toMatchObject({ total: 4, items: [{ title: 'third' }, { title: 'mail' }] });
  });

  it('shows another person’s notifications only to admins', async () => {
    const person = await createPerson(t.database.db);
    await inbox(person.id);
    const other = await as(await createPerson(t.database.db));
    expect((await other({ url: `/api/v1/notification?PersonId=${person.id}` })).statusCode).toBe(403);
    const admin = await as(await createPerson(t.database.db, { isAdmin: true }));
    expect((await admin({ url: `/api/v1/notification?PersonId=${person.id}` })).json().total).toBe(4);
  });

  it('marks one of her own as read; another’s is not found', async () => {
    const person = await createPerson(t.database.db);
    const [first] = await inbox(person.id);
    const call = await as(person);
    const res = await call({ method: 'PUT', url: `/api/v1/notification/${first!.id}/is-read` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first!.id, isRead: true });

    const other = await as(await createPerson(t.database.db, { isAdmin: true }));
    expect((await other({ method: 'PUT', url: `/api/v1/notification/${first!.id}/is-read` })).statusCode).toBe(404);
    expect((await call({ method: 'PUT', url: `/api/v1/notification/${randomUUID()}/is-read` })).statusCode).toBe(404);
  });

  it('marks all of her own of one channel as read, never another person’s', async () => {
    const person = await createPerson(t.database.db);
    await inbox(person.id);
    const call = await as(person);
    const res = await call({
      method: 'PUT',
      url: '/api/v1/notification',
      payload: { personId: person.id, channel: 2 },
    });
    expect(res.json()).toEqual({ count: 2 });
    expect((await call({ url: '/api/v1/notification?IsRead=false' })).json()).toMatchObject({
      total: 1,
      items: [{ title: 'mail' }],
    });

    const admin = await as(await createPerson(t.database.db, { isAdmin: true }));
    const refused = await admin({
      method: 'PUT',
      url: '/api/v1/notification',
      payload: { personId: person.id, channel: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await call({ method: 'PUT', url: '/api/v1/notification', payload: { personId: person.id } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(['Kanal darf nicht leer sein.']);
  });

  it('refuses invalid list parameters', async () => {
    const call = await as(await createPerson(t.database.db));
    const res = await call({ url: '/api/v1/notification?IsRead=nein&Channel=3&PersonId=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining(['Gelesen ist kein gültiger boolescher Textwert', 'Person ist ungültig.']),
    );
  });
});
