import { EventState } from '@bpw/domain/enums/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type CalendarEvent, buildIcs, escapeText, foldLine, icsContentDisposition } from './event-ics';
import { type EventWorld, createEventWorld } from './event-test-support';

/** Issue 6: GET event-public/{id}/ics, the event as iCalendar (RFC 5545) for "add to calendar". */
const event: CalendarEvent = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  title: 'Apéro; Networking, Zürich',
  eventFrom: '2030-06-12T16:00:00Z',
  eventTo: '2030-06-12T20:30:00Z',
  location: 'Kongresshaus',
  street: 'Claridenstrasse 5',
  zip: '8002',
  city: 'Zürich',
  countryCode: 'CH',
  teaserText: 'Erste Zeile\nZweite Zeile mit \\ Backslash',
};
const now = new Date('2030-05-01T08:09:10.123Z');

describe('buildIcs', () => {
  const ics = buildIcs(event, { publicUrl: 'https://club.example.ch', now });
  const lines = ics.split('\r\n');

  it('writes one VEVENT with UTC times, UID, DTSTAMP, summary, location, teaser and public URL', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//BPW Switzerland//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:${event.id}@club.example.ch`,
      'DTSTAMP:20300501T080910Z',
      'DTSTART:20300612T160000Z',
      'DTEND:20300612T203000Z',
      'SUMMARY:Apéro\\; Networking\\, Zürich',
      'LOCATION:Kongresshaus\\, Claridenstrasse 5\\, 8002 Zürich',
      'DESCRIPTION:Erste Zeile\\nZweite Zeile mit \\\\ Backslash',
      `URL:https://club.example.ch/events-public/${event.id}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('leaves DTEND out for an event without an end', () => {
    expect(buildIcs({ ...event, eventTo: null }, { publicUrl: 'http://localhost:3000', now })).not.toContain('DTEND');
  });
});

describe('escapeText and foldLine', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\r\ne\rf\ng')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'ü'.repeat(80)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
    expect(foldLine(`X:${'a'.repeat(73)}`).includes('\r\n')).toBe(false);
    expect(foldLine(`X:${'a'.repeat(74)}`).split('\r\n')).toEqual([`X:${'a'.repeat(73)}`, ' a']);
  });

  it('names the file after the title in ASCII', () => {
    expect(icsContentDisposition('Apéro am Zürichsee!')).toBe('attachment; filename="apero-am-zuerichsee.ics"');
    expect(icsContentDisposition('日本')).toBe('attachment; filename="event.ics"');
  });
});

describe('GET event-public/{id}/ics', () => {
  let t: TestApp;
  let w: EventWorld;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://club.example.ch/' } });
    w = await createEventWorld(t);
  });
  afterAll(() => t.close());

  it('answers a public event as a calendar file to anyone', async () => {
    const created = await createEvent(w.db, { responsibleClubId: w.clubA.id, title: 'Sommerfest 2030' });
    const res = await w.anonymous({ url: `/api/v1/event-public/${created.id}/ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sommerfest-2030.ics"');
    expect(res.body).toContain('SUMMARY:Sommerfest 2030\r\n');
    // Unfolded: the URL line is longer than 75 octets.
    expect(res.body.replace(/\r\n /g, '')).toContain(`URL:https://club.example.ch/events-public/${created.id}\r\n`);
  });

  it('answers 404 for an event in Planning or Archived and for an unknown one', async () => {
    for (const eventState of [EventState.Planning, EventState.Archived]) {
      const hidden = await createEvent(w.db, { responsibleClubId: w.clubA.id, eventState });
      expect((await w.anonymous({ url: `/api/v1/event-public/${hidden.id}/ics` })).statusCode).toBe(404);
    }
    const unknown = '/api/v1/event-public/00000000-0000-4000-8000-000000000000/ics';
    expect((await w.anonymous({ url: unknown })).statusCode).toBe(404);
  });
});
