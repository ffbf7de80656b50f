import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, type CreatedPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePixelBombPng, makePng, multipartBody } from '../../../test/uploads';
import { storedFiles } from '../../db/schema/files';
import { persons } from '../../db/schema/persons';

/** Uploads are judged by content and size, never by name or declared type (DESIGN "Data rules"). */
describe('avatar uploads that are refused', () => {
  let t: TestApp;
  let person: CreatedPerson;
  let call: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    t = await createTestApp();
    person = await createPerson(t.database.db);
    call = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  });
  afterAll(() => t.close());

  const url = () => `/api/v1/person/${person.id}/avatar`;
  const post = async (field: string, data: Buffer, options?: { filename?: string; contentType?: string }) =>
    call({ method: 'POST', url: url(), ...(await multipartBody(field, data, options)) });
  const nothingStored = async () => {
    const [row] = await t.database.db
      .select({ avatarId: persons.avatarId })
      .from(persons)
      .where(eq(persons.id, person.id));
    expect(row!.avatarId).toBeNull();
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
    expect(count!.n).toBe(0);
  };

  it('refuses an HTML file named avatar.png and declared image/png (415)', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const res = await post('Avatar', html, { filename: 'avatar.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors).toEqual(['Nur Bilder im Format PNG oder JPEG sind erlaubt.']);
    await nothingStored();
  });

  it('accepts a real PNG whatever its name and declared type', async () => {
    const res = await post('Avatar', await makePng(100, 100), { filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.statusCode).toBe(201);
    expect((await call({ method: 'DELETE', url: url() })).statusCode).toBe(204);
  });

  it('refuses a truncated PNG (400) and stores nothing', async () => {
    const png = await makePng(600, 600);
    const res = await post('Avatar', png.subarray(0, Math.floor(png.length * 0.6)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.']);
    await nothingStored();
  });

  it('refuses a file over 10 MB with 413 and stores no part of it', async () => {
    const png = await makePng(64, 64);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length, 7)]);
    const res = await post('Avatar', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual(['Die Datei ist zu gross (höchstens 10 MB).']);
    await nothingStored();
  });

  it('refuses a 20000x20000 pixel bomb of under 2 MB without decoding it (400)', async () => {
    const before = process.memoryUsage().rss;
    const res = await post('Avatar', await makePixelBombPng());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Das Bild hat zu viele Pixel (höchstens 50 Megapixel).']);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    await nothingStored();
  });

  it('asks for the file when the field is missing, named otherwise or empty (400)', async () => {
    for (const res of [await post('Picture', await makePng()), await post('Avatar', Buffer.alloc(0))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(['Profilbild darf nicht leer sein.']);
    }
    await nothingStored();
  });

  it('refuses a body that is not multipart/form-data (415)', async () => {
    const res = await call({ method: 'POST', url: url(), payload: { Avatar: 'data:image/png;base64,AAAA' } });
    expect(res.statusCode).toBe(415);
    await nothingStored();
  });
});
