import { describe, expect, it } from 'vitest';
import { lv95ToWgs84, wgs84ToLv95 } from './lv95';
import {
  breakLongWords,
  mailtoHref,
  mapsCoordinatesHref,
  mapsSearchHref,
  swisstopoHref,
  telHref,
  webHref,
} from './map-links';

describe('contact links', () => {
  it('builds tel: links from the digits and a leading plus', () => {
    expect(telHref('+41 44 123 45 67')).toBe('tel:+41441234567');
    expect(telHref('044 / 123 45 67')).toBe('tel:0441234567');
  });

  it('builds mailto: and web links', () => {
    expect(mailtoHref(' anna@example.ch ')).toBe('mailto:anna@example.ch');
    expect(webHref('www.bpw.ch')).toBe('https://www.bpw.ch');
    expect(webHref('http://bpw.ch')).toBe('http://bpw.ch');
  });

  it('searches maps by address text or coordinates', () => {
    expect(mapsSearchHref('Bahnhofstrasse 1, 8001 Zürich')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Bahnhofstrasse%201%2C%208001%20Z%C3%BCrich',
    );
    expect(mapsCoordinatesHref(47.3769, 8.5417)).toBe(
      'https://www.google.com/maps/search/?api=1&query=47.376900,8.541700',
    );
  });

  it('opens map.geo.admin.ch at LV95 coordinates', () => {
    expect(swisstopoHref(2683246.4, 1247954.6, 'fr')).toBe(
      'https://map.geo.admin.ch/?lang=fr&E=2683246&N=1247955&zoom=10&crosshair=marker',
    );
  });

  it('breaks words longer than 40 characters', () => {
    const long = 'a'.repeat(95);
    expect(breakLongWords(`x ${long} y`)).toBe(`x ${'a'.repeat(40)}\u200b${'a'.repeat(40)}\u200b${'a'.repeat(15)} y`);
    expect(breakLongWords('short words stay')).toBe('short words stay');
  });
});

describe('LV95', () => {
  it('converts the Bern origin and back', () => {
    // The old observatory of Bern is the projection's origin.
    const bern = lv95ToWgs84(2600000, 1200000);
    expect(bern.latitude).toBeCloseTo(46.95108, 3);
    expect(bern.longitude).toBeCloseTo(7.43864, 3);
    const back = wgs84ToLv95(bern.latitude, bern.longitude);
    expect(back.east).toBeCloseTo(2600000, 0);
    expect(back.north).toBeCloseTo(1200000, 0);
  });

  it('places Zürich main station', () => {
    const zurich = lv95ToWgs84(2683246, 1247954);
    expect(zurich.latitude).toBeCloseTo(47.378, 2);
    expect(zurich.longitude).toBeCloseTo(8.54, 2);
  });
});
