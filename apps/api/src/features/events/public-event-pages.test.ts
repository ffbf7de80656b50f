import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventState } from '@bpw/domain/enums/event';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { events } from '../../db/schema/events';
import { imageProfiles, processImage } from '../../platform/images';
import { insertStoredImage } from '../../platform/stored-files';

const publicUrl = 'https://clubs.bpw.ch';
const template = `<!doctype html>
<html lang="de-CH">
  <head>
    <meta charset="UTF-8" />
    <title>BPW</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** What Google's rich results read of an Event: required, then recommended (performer does not apply). */
const requiredEventProperties = ['name', 'startDate', 'location'];
const recommendedEventProperties = [
  'description',
  'endDate',
  'eventStatus',
  'eventAttendanceMode',
  'image',
  'offers',
  'organizer',
];

type JsonLdEvent = Record<string, unknown> & {
  location: { '@type': string; name: string; address: Record<string, string>; geo?: Record<string, unknown> };
  offers?: Record<string, string>;
  organizer: Record<string, string>;
  image: string[];
};

/**
 * Issue 27: the public event pages carry their own head, read as messengers, social networks and
 * search engines read it: an Open Graph parser, a JSON-LD parse checked against schema.org's
 * Event, an XML parser on the sitemap.
 */
describe('the public event pages for link previews and search engines', () => {
  let t: TestApp;
  let distDir: string;
  let clubId: string;
  let eventId: string;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-web-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), template);
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL: `${publicUrl}/` } });
    clubId = (await createClub(t.database.db, { name: 'BPW Club Zürich' })).id;
    eventId = (
      await createEvent(t.database.db, {
        responsibleClubId: clubId,
        title: 'Sommerapéro am See',
        teaserText: 'Ein Abend für Unternehmerinnen, mit Apéro.',
        eventFrom: new Date('2030-06-12T16:00:00Z'),
        eventTo: new Date('2030-06-12T20:00:00Z'),
        registrationTo: new Date('2030-06-05T22:00:00Z'),
        registrationSlots: 40,
        cost: 'CHF 40.–',
        lat: 47.3663,
        long: 8.5363,
        countryCode: 'CH',
        defaultLanguageCode: 'de',
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const openGraph = async (html: string) => (await ogs({ html })).result;
  const eventJsonLd = (html: string): JsonLdEvent => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    return JSON.parse(blocks[0]![1]!) as JsonLdEvent;
  };

  it('gives an event page its title, teaser, canonical URL, alternates and preview card', async () => {
    const res = await get(`/events-public/${eventId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>');
    expect(res.body).toContain('<html lang="de-CH">');
    expect(res.body.match(/<title>/g)).toHaveLength(1);

    const og = await openGraph(res.body);
    expect(og.ogTitle).toBe('Sommerapéro am See');
    expect(og.ogDescription).toBe('Ein Abend für Unternehmerinnen, mit Apéro.');
    expect(og.ogUrl).toBe(`${publicUrl}/events-public/${eventId}`);
    expect(og.ogSiteName).toBe('BPW Switzerland');
    expect(og.ogLocale).toBe('de_CH');
    expect(og.ogImage?.[0]?.url).toBe(`${publicUrl}/event-default-image.png`);
    expect(og.twitterCard).toBe('summary_large_image');
    expect(og.twitterTitle).toBe('Sommerapéro am See');
    expect(og.twitterImage?.[0]?.url).toBe(`${publicUrl}/event-default-image.png`);
    expect(og.dcDescription ?? og.ogDescription).toBeTruthy();
    expect(res.body).toContain('<title>Sommerapéro am See – BPW Switzerland</title>');
    expect(res.body).toContain('<meta name="description" content="Ein Abend für Unternehmerinnen, mit Apéro." />');
    expect(res.body).toContain(`<link rel="canonical" href="${publicUrl}/events-public/${eventId}" />`);
    for (const [hreflang, lang] of [
      ['de-CH', 'de'],
      ['fr-CH', 'fr'],
      ['it-CH', 'it'],
      ['en-US', 'en'],
    ]) {
      expect(res.body).toContain(
        `<link rel="alternate" hreflang="${hreflang}" href="${publicUrl}/events-public/${eventId}?lang=${lang}" />`,
      );
    }
    expect(res.body).toContain(
      `<link rel="alternate" hreflang="x-default" href="${publicUrl}/events-public/${eventId}" />`,
    );
  });

  it('describes the event as a schema.org Event with offsets, place, organiser and registration', async () => {
    const data = eventJsonLd((await get(`/events-public/${eventId}`)).body);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Event');
    for (const property of [...requiredEventProperties, ...recommendedEventProperties]) {
      expect(data[property], property).toBeDefined();
    }
    expect(data.name).toBe('Sommerapéro am See');
    // 18:00 Swiss summer time, with its offset.
    expect(data.startDate).toBe('2030-06-12T18:00:00+02:00');
    expect(data.endDate).toBe('2030-06-12T22:00:00+02:00');
    expect(data.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(data.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(data.location).toEqual({
      '@type': 'Place',
      name: 'Kongresshaus',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Claridenstrasse 5',
        postalCode: '8002',
        addressLocality: 'Zürich',
        addressCountry: 'CH',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 47.3663, longitude: 8.5363 },
    });
    expect(data.organizer).toEqual({ '@type': 'Organization', name: 'BPW Club Zürich', url: publicUrl });
    expect(data.offers).toEqual({
      '@type': 'Offer',
      url: `${publicUrl}/events-public/${eventId}/register`,
      availability: 'https://schema.org/InStock',
      validThrough: '2030-06-06T00:00:00+02:00',
      price: '40.00',
      priceCurrency: 'CHF',
    });
    expect(data.image).toEqual([`${publicUrl}/event-default-image.png`]);
  });

  it('shows the event image in the preview when the event has one', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const imageId = await insertStoredImage(t.database.db, await processImage(png, imageProfiles.eventImage));
    const { id } = await createEvent(t.database.db, { responsibleClubId: clubId, eventImageId: imageId });
    const html = (await get(`/events-public/${id}`)).body;
    const imageUrl = `${publicUrl}/api/v1/event-public/${id}/event-image?size=large&cache=${imageId}`;
    const og = await openGraph(html);
    expect(og.ogImage?.[0]?.url).toBe(imageUrl);
    expect(og.twitterImage?.[0]?.url).toBe(imageUrl);
    expect(eventJsonLd(html).image).toEqual([imageUrl]);
    // The URL it names answers with the image, for anyone.
    const image = await get(new URL(imageUrl).pathname + new URL(imageUrl).search);
    expect(image.statusCode).toBe(200);
  });

  it('writes the page in the asked language, canonical to itself', async () => {
    const res = await get(`/events-public/${eventId}?lang=fr&utm_source=whatsapp`);
    expect(res.body).toContain('<html lang="fr-CH">');
    const og = await openGraph(res.body);
    expect(og.ogLocale).toBe('fr_CH');
    expect(og.ogUrl).toBe(`${publicUrl}/events-public/${eventId}?lang=fr`);
    expect(res.body).toContain(`<link rel="canonical" href="${publicUrl}/events-public/${eventId}?lang=fr" />`);
    // An unknown language is the event's own.
    expect((await get(`/events-public/${eventId}?lang=xx`)).body).toContain('<html lang="de-CH">');
  });

  it('escapes every text, and no value ends the JSON-LD script', async () => {
    const title = 'Apéro </script><script>alert(1)</script> & "Gäste" <b>';
    const { id } = await createEvent(t.database.db, {
      responsibleClubId: clubId,
      title,
      teaserText: '<!-- x --> \u2028 </SCRIPT> it\'s "quoted"',
      location: '<img src=x onerror=alert(2)>',
    });
    const html = (await get(`/events-public/${id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<\/script><script>/i);
    expect(html.match(/<\/script>/gi)).toHaveLength(2); // the JSON-LD's and the app's
    const og = await openGraph(html);
    expect(og.ogTitle).toBe(title);
    const data = eventJsonLd(html);
    expect(data.name).toBe(title);
    expect(data.description).toBe('<!-- x --> \u2028 </SCRIPT> it\'s "quoted"');
    expect(data.location.name).toBe('<img src=x onerror=alert(2)>');
  });

  it('says so when the event has taken place', async () => {
    const { id } = await createEvent(t.database.db, {
      responsibleClubId: clubId,
      eventState: EventState.Completed,
      eventFrom: new Date('2024-03-01T17:30:00Z'),
      eventTo: new Date('2024-03-01T20:00:00Z'),
      teaserText: 'Rückblick.',
    });
    const de = await openGraph((await get(`/events-public/${id}`)).body);
    expect(de.ogDescription).toBe('Dieser Anlass hat am 01.03.2024 stattgefunden. Rückblick.');
    const en = await openGraph((await get(`/events-public/${id}?lang=en`)).body);
    expect(en.ogDescription).toBe('This event took place on 03/01/2024. Rückblick.');
  });

  it('renders nothing of an event that is not public, and tells search engines to drop it', async () => {
    const { id } = await createEvent(t.database.db, {
      responsibleClubId: clubId,
      eventState: EventState.Planning,
      title: 'Geheime Planung',
      teaserText: 'Noch nicht öffentlich',
    });
    for (const url of [`/events-public/${id}`, '/events-public/not-a-uuid', `/events-public/${crypto.randomUUID()}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body).not.toContain('Geheime Planung');
      expect(res.body).not.toContain('Noch nicht');
      expect(res.body).not.toContain('og:');
    }
    // Other pages below it are the SPA's as before.
    expect((await get(`/events-public/${eventId}/register`)).body).toContain('<title>BPW</title>');
  });

  it('gives the public list a head of its own', async () => {
    const res = await get('/events-public?lang=it');
    expect(res.statusCode).toBe(200);
    const og = await openGraph(res.body);
    expect(og.ogTitle).toBe('Eventi pubblici');
    expect(og.ogDescription).toContain('BPW');
    expect(og.ogUrl).toBe(`${publicUrl}/events-public?lang=it`);
    expect(og.ogImage?.[0]).toMatchObject({
      url: `${publicUrl}/event-default-image.png`,
      width: '1200',
      height: '630',
    });
    expect(og.twitterCard).toBe('summary_large_image');
    expect(res.body).toContain('<html lang="it-CH">');
  });

  it('answers repeats with the same entity tag, and shows a change at once', async () => {
    const first = await get(`/events-public/${eventId}`, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await get(`/events-public/${eventId}`, { 'if-none-match': etag })).statusCode).toBe(304);
    await t.database.db.update(events).set({ title: 'Herbstapéro am See' }).where(eq(events.id, eventId));
    const changed = await get(`/events-public/${eventId}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect((await openGraph(changed.body)).ogTitle).toBe('Herbstapéro am See');
    await t.database.db.update(events).set({ title: 'Sommerapéro am See' }).where(eq(events.id, eventId));
  });

  it('serves a default preview image of the size link previews want', async () => {
    const res = await get('/event-default-image.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const metadata = await sharp(res.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
  });

  it('lists the public events in sitemap.xml, current as events are published and withdrawn', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' });
    const sitemap = async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(XMLValidator.validate(res.body)).toBe(true);
      const parsed = parser.parse(res.body) as {
        urlset: { '@_xmlns': string; url: { loc: string; lastmod?: string }[] };
      };
      expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      for (const url of parsed.urlset.url) {
        if (url.lastmod) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
      }
      return parsed.urlset.url.map((url) => url.loc);
    };
    const { id } = await createEvent(t.database.db, { responsibleClubId: clubId, eventState: EventState.Planning });
    const before = await sitemap();
    expect(before).toContain(`${publicUrl}/events-public`);
    expect(before).toContain(`${publicUrl}/events-public/${eventId}`);
    expect(before).not.toContain(`${publicUrl}/events-public/${id}`);

    // The request after a change still gets the last sitemap while the new one is made.
    await t.database.db.update(events).set({ eventState: EventState.Published }).where(eq(events.id, id));
    await expect.poll(sitemap).toContain(`${publicUrl}/events-public/${id}`);
    await t.database.db.update(events).set({ eventState: EventState.Archived }).where(eq(events.id, id));
    await expect.poll(sitemap).not.toContain(`${publicUrl}/events-public/${id}`);
  });

  it('keeps robots out of the signed-in areas and points them to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    for (const area of ['/dashboard', '/persons', '/clubs', '/export', '/events/', '/event-categories', '/api/']) {
      expect(lines).toContain(`Disallow: ${area}`);
    }
    expect(lines).toContain('Disallow: /event-registration-public/');
    expect(lines).not.toContain('Disallow: /events-public');
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });
});
