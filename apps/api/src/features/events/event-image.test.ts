import { EventState } from '@bpw/domain/enums/event';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeJpegWithExif, makePng, multipartBody } from '../../../test/uploads';
import { events } from '../../db/schema/events';
import { storedFiles } from '../../db/schema/files';
import { type Caller, type EventWorld, createEventWorld } from './event-test-support';

/** Spec 02 §5, §7 "POST event/{id}/event-image (field EventImage); DELETE same; GET ... size, cache". */
describe('event image', () => {
  let t: TestApp;
  let w: EventWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createEventWorld(t);
  });
  afterAll(() => t.close());

  const upload = async (call: Caller, eventId: string, image: Buffer, field = 'EventImage') =>
    call({ method: 'POST', url: `/api/v1/event/${eventId}/event-image`, ...(await multipartBody(field, image)) });
  const imageIdOf = async (eventId: string) =>
    (await w.db.select({ id: events.eventImageId }).from(events).where(eq(events.id, eventId)))[0]!.id;

  it('stores a PNG as small and large webp variants and serves both on both paths', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    const res = await upload(w.managerA, event.id, await makePng(2400, 1200));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(await imageIdOf(event.id)).toBe(id);
    expect((await w.anonymous({ url: `/api/v1/event-public/${event.id}` })).json().eventImageId).toBe(id);

    for (const [size, width, height] of [
      ['small', 640, 320],
      ['large', 1920, 960],
    ] as const) {
      for (const call of [w.anonymous, w.member]) {
        const path = call === w.anonymous ? 'event-public' : 'event';
        const image = await call({ url: `/api/v1/${path}/${event.id}/event-image?size=${size}` });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        const meta = await sharp(image.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      }
    }
    // No size: large. An unknown size: 400.
    const plain = await w.anonymous({ url: `/api/v1/event-public/${event.id}/event-image` });
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(1920);
    expect((await w.anonymous({ url: `/api/v1/event-public/${event.id}/event-image?size=xl` })).statusCode).toBe(400);
  });

  it('is cacheable for good only under its own id, and answers 304 to a known ETag', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    const id = (await upload(w.admin, event.id, await makePng(600, 600))).json().id;
    const url = `/api/v1/event-public/${event.id}/event-image?size=small`;
    const cached = await w.anonymous({ url: `${url}&cache=${id}` });
    expect(cached.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(cached.headers.etag).toBe(`"${id}-small"`);
    expect((await w.anonymous({ url: `${url}&cache=old` })).headers['cache-control']).toBe('no-cache');
    const again = await w.anonymous({ url, headers: { 'if-none-match': `"${id}-small"` } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps no EXIF data and replaces the old image with its file', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    const first = (await upload(w.managerA, event.id, await makeJpegWithExif(900, 600))).json().id;
    const image = await w.member({ url: `/api/v1/event/${event.id}/event-image` });
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect(image.rawPayload.toString('latin1')).not.toContain('SecretCam');
    const second = (await upload(w.managerA, event.id, await makePng(300, 300))).json().id;
    expect(second).not.toBe(first);
    expect(
      await w.db
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.id, [first, second])),
    ).toHaveLength(1);
  });

  it('refuses images under 300x300 px, other file types and a wrong field', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    const small = await upload(w.managerA, event.id, await makePng(299, 800));
    expect(small.statusCode).toBe(400);
    expect(small.json().errors).toEqual(['Das Bild ist zu klein (mindestens 300 × 300 Pixel).']);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(w.managerA, event.id, html)).statusCode).toBe(415);
    const wrongField = await upload(w.managerA, event.id, await makePng(), 'Avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual(['Anlassbild darf nicht leer sein.']);
    expect(await imageIdOf(event.id)).toBeNull();
  });

  it('lets only the event’s managers upload and delete; deleting removes the file (204)', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id });
    const png = await makePng();
    expect((await upload(w.managerB, event.id, png)).statusCode).toBe(403);
    expect((await upload(w.member, event.id, png)).statusCode).toBe(403);
    const id = (await upload(w.managerA, event.id, png)).json().id;
    const url = `/api/v1/event/${event.id}/event-image`;
    expect((await w.managerB({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await w.managerA({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await imageIdOf(event.id)).toBeNull();
    expect(await w.db.select().from(storedFiles).where(eq(storedFiles.id, id))).toEqual([]);
    expect((await w.member({ url })).statusCode).toBe(404);
    expect((await w.managerA({ method: 'DELETE', url })).statusCode).toBe(204);
    const unknown = '/api/v1/event/00000000-0000-4000-8000-000000000000/event-image';
    expect((await w.admin({ method: 'DELETE', url: unknown })).statusCode).toBe(404);
  });

  it('hides the image of an event in Planning on the public path only; deleting the event deletes it', async () => {
    const event = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState: EventState.Planning });
    const id = (await upload(w.managerA, event.id, await makePng())).json().id;
    expect((await w.anonymous({ url: `/api/v1/event-public/${event.id}/event-image` })).statusCode).toBe(404);
    expect((await w.member({ url: `/api/v1/event/${event.id}/event-image` })).statusCode).toBe(200);
    expect((await w.managerA({ method: 'DELETE', url: `/api/v1/event/${event.id}` })).statusCode).toBe(204);
    expect(await w.db.select().from(storedFiles).where(eq(storedFiles.id, id))).toEqual([]);
  });
});
