import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GeocodingStatus } from '@bpw/domain/enums/event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClub, createEvent, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventCategories, events } from '../../db/schema/events';
import { eventGeocodingJobName } from './event-geocoding.job';

/** A stand-in for the swisstopo SearchServer (unreachable from here) answering its response format. */
function startFakeSearchServer() {
  const requests: URLSearchParams[] = [];
  let onRequest: (searchText: string) => Promise<void> = async () => undefined;
  let isDown = false;
  const places: Record<string, object[]> = {
    'Bundesplatz 3 3003 Bern': [
      { attrs: { origin: 'zipcode', label: '3003 Bern', lat: 46.95, lon: 7.44 } },
      { attrs: { origin: 'address', label: 'Bundesplatz 3 <b>3003 Bern</b>', lat: 46.946796, lon: 7.444076 } },
    ],
    'Claridenstrasse 5 8002 Zürich': [{ attrs: { origin: 'address', lat: 47.365493, lon: 8.532137 } }],
    // Not in Switzerland: no answer for an address here.
    'Far Away 1 1000 Nowhere': [{ attrs: { origin: 'address', lat: 40.1, lon: -3.5 } }],
  };
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    requests.push(query);
    void onRequest(query.get('searchText') ?? '').then(() => {
      if (isDown) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results: places[query.get('searchText') ?? ''] ?? [] }));
    });
  });
  return {
    requests,
    setDown: (down: boolean) => (isDown = down),
    setOnRequest: (hook: typeof onRequest) => (onRequest = hook),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/services/api/SearchServer`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('geocoding of event addresses in the scheduler (issue 6)', () => {
  const searchServer = startFakeSearchServer();
  let t: TestApp;
  const db = () => t.database.db;
  let clubId: string;

  beforeAll(async () => {
    const url = await searchServer.start();
    t = await createTestApp({ env: { GEOCODER_URL: url } });
    clubId = (await createClub(db())).id;
  });
  afterAll(async () => {
    await t.close();
    await searchServer.stop();
  });
  beforeEach(() => {
    searchServer.setDown(false);
    searchServer.setOnRequest(async () => undefined);
  });

  const pending = (address: Partial<typeof events.$inferInsert> = {}) =>
    createEvent(db(), { responsibleClubId: clubId, geoCodingStatus: GeocodingStatus.Pending, ...address });
  const geocode = () => t.app.scheduler.runJob(eventGeocodingJobName);
  const stored = async (id: string) => {
    const [row] = await db()
      .select({ geoCodingStatus: events.geoCodingStatus, lat: events.lat, long: events.long })
      .from(events)
      .where(eq(events.id, id));
    return row!;
  };

  it('stores the coordinates of the address match with Successful', async () => {
    const event = await pending({ street: 'Bundesplatz 3', zip: '3003', city: 'Bern' });
    const before = searchServer.requests.length;
    expect(await geocode()).toMatchObject({ ran: true, report: { successful: 1 } });
    expect(await stored(event.id)).toEqual({ geoCodingStatus: 20, lat: 46.946796, long: 7.444076 });
    const query = searchServer.requests[before]!;
    expect(Object.fromEntries(query)).toMatchObject({
      searchText: 'Bundesplatz 3 3003 Bern',
      type: 'locations',
      sr: '4326',
    });
    // Done is done: the next run asks nothing.
    await geocode();
    expect(searchServer.requests.length).toBe(before + 1);
  });

  it('marks an address without a place, or one abroad, as Failed', async () => {
    const unknown = await pending({ street: 'Nirgendweg 99', zip: '9999', city: 'Nirgendwo' });
    const outside = await pending({ street: 'Far Away 1', zip: '1000', city: 'Nowhere' });
    const before = searchServer.requests.length;
    const abroad = await pending({ street: 'Unter den Linden 1', zip: '10117', city: 'Berlin', countryCode: 'DE' });
    await geocode();
    for (const event of [unknown, outside, abroad]) {
      expect(await stored(event.id)).toEqual({ geoCodingStatus: 30, lat: null, long: null });
    }
    const asked = searchServer.requests.slice(before).map((q) => q.get('searchText'));
    expect(asked).not.toContain('Unter den Linden 1 10117 Berlin');
  });

  it('keeps the event Pending while the service is down, and geocodes it once it answers', async () => {
    const event = await pending({ street: 'Claridenstrasse 5', zip: '8002', city: 'Zürich' });
    searchServer.setDown(true);
    expect(await geocode()).toMatchObject({ ran: true, report: { postponed: 1, successful: 0 } });
    expect(await stored(event.id)).toMatchObject({ geoCodingStatus: 10 });
    searchServer.setDown(false);
    await geocode();
    expect(await stored(event.id)).toEqual({ geoCodingStatus: 20, lat: 47.365493, long: 8.532137 });
  });

  it('drops an answer for an address that was changed while it was looked up', async () => {
    const event = await pending({ street: 'Claridenstrasse 5', zip: '8002', city: 'Zürich' });
    searchServer.setOnRequest(async (searchText) => {
      if (searchText.startsWith('Claridenstrasse')) {
        await db()
          .update(events)
          .set({ street: 'Bundesplatz 3', zip: '3003', city: 'Bern' })
          .where(eq(events.id, event.id));
      }
    });
    await geocode();
    expect(await stored(event.id)).toMatchObject({ geoCodingStatus: 10, lat: null });
    searchServer.setOnRequest(async () => undefined);
    await geocode();
    expect(await stored(event.id)).toEqual({ geoCodingStatus: 20, lat: 46.946796, long: 7.444076 });
  });

  it('geocodes an event saved through the API after the save', async () => {
    const manager = await createPerson(db(), { clubId, type: 'responsibleEvents' });
    const call = injectAs(t.app, (await signIn(t.app, manager.username, manager.password)).token);
    const [category] = await db().insert(eventCategories).values({ title: 'Geo' }).returning();
    const created = await call({
      method: 'POST',
      url: '/api/v1/event',
      payload: {
        title: 'Geo-Anlass',
        eventCategoryIds: [category!.id],
        eventFrom: '2030-05-04T16:00:00Z',
        location: 'Bundeshaus',
        street: 'Bundesplatz 3',
        zip: '3003',
        city: 'Bern',
        teaserText: 'Ein Besuch.',
        responsibleClubId: clubId,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ geoCodingStatus: GeocodingStatus.Pending, lat: null });
    await geocode();
    const read = await call({ url: `/api/v1/event/${created.json().id}` });
    expect(read.json()).toMatchObject({ geoCodingStatus: GeocodingStatus.Successful, lat: 46.946796, long: 7.444076 });
  });
});

describe('geocoding without GEOCODER_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('turns events waiting for coordinates into Unavailable', async () => {
    const club = await createClub(t.database.db);
    const event = await createEvent(t.database.db, {
      responsibleClubId: club.id,
      geoCodingStatus: GeocodingStatus.Pending,
    });
    expect(await t.app.scheduler.runJob(eventGeocodingJobName)).toEqual({ ran: true, report: { unavailable: 1 } });
    const [row] = await t.database.db
      .select({ geoCodingStatus: events.geoCodingStatus })
      .from(events)
      .where(eq(events.id, event.id));
    expect(row!.geoCodingStatus).toBe(GeocodingStatus.Unavailable);
  });
});
