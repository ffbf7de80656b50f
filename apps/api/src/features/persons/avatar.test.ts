import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, type CreatedPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeJpegWithExif, makePng, multipartBody } from '../../../test/uploads';
import { storedFiles, storedFileVariants } from '../../db/schema/files';
import { persons } from '../../db/schema/persons';

/** Spec 01 §7 "Avatar": POST (field Avatar), GET ?size&cache, DELETE. */
describe('avatar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const url = (personId: string, query = '') => `/api/v1/person/${personId}/avatar${query}`;
  const upload = async (call: Awaited<ReturnType<typeof as>>, personId: string, image: Buffer) =>
    call({ method: 'POST', url: url(personId), ...(await multipartBody('Avatar', image)) });
  const avatarIdOf = async (personId: string) =>
    (await t.database.db.select({ id: persons.avatarId }).from(persons).where(eq(persons.id, personId)))[0]!.id;
  const fileRows = async (ids: string[]) => ({
    files: (await t.database.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))).length,
    variants: (await t.database.db.select().from(storedFileVariants).where(inArray(storedFileVariants.fileId, ids)))
      .length,
  });

  it('stores an uploaded PNG as three square variants and answers its id (201)', async () => {
    const person = await createPerson(t.database.db);
    const call = await as(person);
    const res = await upload(call, person.id, await makePng(1200, 800));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(await avatarIdOf(person.id)).toBe(id);
    for (const [size, pixels] of [
      ['s', 64],
      ['m', 160],
      ['l', 512],
    ] as const) {
      const image = await call({ url: url(person.id, `?size=${size}`) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', pixels, pixels]);
    }
    // No size: m. The AvatarSize enum values name the sizes too.
    expect((await sharp((await call({ url: url(person.id) })).rawPayload).metadata()).width).toBe(160);
    expect((await sharp((await call({ url: url(person.id, '?size=30') })).rawPayload).metadata()).width).toBe(512);
    expect((await call({ url: url(person.id, '?size=xl') })).statusCode).toBe(400);
  });

  it('serves a JPEG without the EXIF data it was uploaded with', async () => {
    const person = await createPerson(t.database.db);
    const call = await as(person);
    expect((await upload(call, person.id, await makeJpegWithExif())).statusCode).toBe(201);
    const image = await call({ url: url(person.id, '?size=l') });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.toString('latin1')).not.toContain('SecretCam');
  });

  it('replaces the avatar and deletes the old file in the same transaction', async () => {
    const person = await createPerson(t.database.db);
    const call = await as(person);
    const first = (await upload(call, person.id, await makePng())).json().id;
    const second = (await upload(call, person.id, await makePng(300, 300, '#ff0000'))).json().id;
    expect(second).not.toBe(first);
    expect(await avatarIdOf(person.id)).toBe(second);
    expect(await fileRows([first])).toEqual({ files: 0, variants: 0 });
    expect(await fileRows([second])).toEqual({ files: 1, variants: 3 });
  });

  it('deletes the avatar with its file (204), then answers 404', async () => {
    const person = await createPerson(t.database.db);
    const call = await as(person);
    const id = (await upload(call, person.id, await makePng())).json().id;
    expect((await call({ method: 'DELETE', url: url(person.id) })).statusCode).toBe(204);
    expect(await avatarIdOf(person.id)).toBeNull();
    expect(await fileRows([id])).toEqual({ files: 0, variants: 0 });
    expect((await call({ url: url(person.id) })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: url(person.id) })).statusCode).toBe(204);
  });

  it('caches for good only when `cache` is the current avatar id, with an ETag', async () => {
    const person = await createPerson(t.database.db);
    const call = await as(person);
    const first = (await upload(call, person.id, await makePng())).json().id;
    const current = await call({ url: url(person.id, `?size=s&cache=${first}`) });
    expect(current.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(current.headers.etag).toBe(`"${first}-s"`);
    expect((await call({ url: url(person.id, '?size=s') })).headers['cache-control']).toBe('no-cache');
    const second = (await upload(call, person.id, await makePng(200, 200))).json().id;
    const stale = await call({ url: url(person.id, `?size=s&cache=${first}`) });
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.headers.etag).toBe(`"${second}-s"`);
    const revalidated = await call({
      url: url(person.id, '?size=s'),
      headers: { 'if-none-match': `"${second}-s"` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('lets every signed-in user see avatars, nobody anonymous; 404 without avatar or person', async () => {
    const db = t.database.db;
    const person = await createPerson(db);
    const stranger = await createPerson(db, { clubId: (await createClub(db)).id });
    await upload(await as(person), person.id, await makePng());
    expect((await (await as(stranger))({ url: url(person.id) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: url(person.id) })).statusCode).toBe(401);
    expect((await (await as(stranger))({ url: url(stranger.id) })).statusCode).toBe(404);
    expect((await (await as(stranger))({ url: url(randomUUID()) })).statusCode).toBe(404);
  });

  it('lets the person, her managers and admins change it; refuses other members and managers (403)', async () => {
    const db = t.database.db;
    const clubA = await createClub(db);
    const person = await createPerson(db, { clubId: clubA.id });
    const manager = await createPerson(db, { clubId: clubA.id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    const member = await createPerson(db, { clubId: clubA.id });
    const managerOfB = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    for (const actor of [manager, admin]) {
      expect((await upload(await as(actor), person.id, await makePng())).statusCode).toBe(201);
    }
    const before = await avatarIdOf(person.id);
    for (const actor of [member, managerOfB]) {
      const call = await as(actor);
      expect((await upload(call, person.id, await makePng())).statusCode).toBe(403);
      expect((await call({ method: 'DELETE', url: url(person.id) })).statusCode).toBe(403);
    }
    expect(await avatarIdOf(person.id)).toBe(before);
    expect((await upload(await as(admin), randomUUID(), await makePng())).statusCode).toBe(404);
  });
});
