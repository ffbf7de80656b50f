import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, type CreatedPerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeJpegWithExif, makePng, multipartBody } from '../../../test/uploads';
import { addresses } from '../../db/schema/addresses';
import { storedFiles } from '../../db/schema/files';
import { addressPayload, addressUrl, as } from './address-test-support';

/** Spec 01 §7: POST/DELETE person/{id}/address/{addressId}/competence-logo (field CompetenceLogo), and GET. */
describe('competence logo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const withAddress = async (person: CreatedPerson) =>
    (await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() })).json();
  const logoUrl = (personId: string, addressId: string, query = '') =>
    `${addressUrl(personId, addressId)}/competence-logo${query}`;
  const upload = async (
    actor: CreatedPerson,
    personId: string,
    addressId: string,
    image: Buffer,
    field = 'CompetenceLogo',
  ) => as(t.app, actor)({ method: 'POST', url: logoUrl(personId, addressId), ...(await multipartBody(field, image)) });
  const filesExist = async (ids: string[]) =>
    (await t.database.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))).length;

  it('stores the logo, shows its id on the address and serves it', async () => {
    const person = await createPerson(t.database.db);
    const address = await withAddress(person);
    const res = await upload(person, person.id, address.id, await makeJpegWithExif(900, 300));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const listed = (await as(t.app, person)({ url: addressUrl(person.id) })).json();
    expect(listed.items[0].competenceLogoId).toBe(id);
    const image = await as(t.app, person)({ url: logoUrl(person.id, address.id, `?cache=${id}`) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 171, undefined]);
    const uncached = await as(t.app, person)({ url: logoUrl(person.id, address.id) });
    expect(uncached.headers['cache-control']).toBe('no-cache');
  });

  it('replaces and deletes the logo together with its file rows', async () => {
    const person = await createPerson(t.database.db);
    const address = await withAddress(person);
    const first = (await upload(person, person.id, address.id, await makePng())).json().id;
    const second = (await upload(person, person.id, address.id, await makePng(100, 100))).json().id;
    expect(await filesExist([first])).toBe(0);
    const call = as(t.app, person);
    expect((await call({ method: 'DELETE', url: logoUrl(person.id, address.id) })).statusCode).toBe(204);
    expect(await filesExist([second])).toBe(0);
    expect((await call({ url: logoUrl(person.id, address.id) })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: logoUrl(person.id, address.id) })).statusCode).toBe(204);
  });

  it('deletes the logo file with its address', async () => {
    const person = await createPerson(t.database.db);
    const address = await withAddress(person);
    const logo = (await upload(person, person.id, address.id, await makePng())).json().id;
    await as(t.app, person)({ method: 'DELETE', url: addressUrl(person.id, address.id) });
    expect(await filesExist([logo])).toBe(0);
  });

  it('refuses wrong content (415), a missing field (400) and an address of another person (404)', async () => {
    const db = t.database.db;
    const person = await createPerson(db);
    const other = await createPerson(db);
    const address = await withAddress(person);
    const theirs = await withAddress(other);
    const html = await upload(person, person.id, address.id, Buffer.from('<html></html>'));
    expect(html.statusCode).toBe(415);
    const missing = await upload(person, person.id, address.id, await makePng(), 'Logo');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['Kompetenz-Logo darf nicht leer sein.']);
    expect((await upload(person, person.id, theirs.id, await makePng())).statusCode).toBe(404);
    const [row] = await db.select().from(addresses).where(eq(addresses.id, theirs.id));
    expect(row!.competenceLogoId).toBeNull();
  });

  it('lets managers and admins upload, refuses others (403), shows it to every signed-in user', async () => {
    const db = t.database.db;
    const clubA = await createClub(db);
    const person = await createPerson(db, { clubId: clubA.id });
    const address = await withAddress(person);
    const manager = await createPerson(db, { clubId: clubA.id, type: 'database' });
    const member = await createPerson(db, { clubId: clubA.id });
    const managerOfB = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    expect((await upload(manager, person.id, address.id, await makePng())).statusCode).toBe(201);
    for (const actor of [member, managerOfB]) {
      expect((await upload(actor, person.id, address.id, await makePng())).statusCode).toBe(403);
      const del = await as(t.app, actor)({ method: 'DELETE', url: logoUrl(person.id, address.id) });
      expect(del.statusCode).toBe(403);
      expect((await as(t.app, actor)({ url: logoUrl(person.id, address.id) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: logoUrl(person.id, address.id) })).statusCode).toBe(401);
  });
});
