import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import { Locale } from '@bpw/domain/enums/language';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries } from '../../db/schema/audit-log';
import { eventRegistrations } from '../../db/schema/registrations';
import { REGISTRATION_EXPORT_BATCH, startRegistrationExport } from './registration-export.service';
import { createEvent } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { createCustomField, register, registrationBody, registrationWorld } from './registration-test-support';

describe('the registration export (GET event/{id}/export-event-registration)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const newEvent = (overrides: { title?: string } = {}) =>
    createEvent(db(), { responsibleClubId: w.club.id, ...overrides });

  it('exports the registrations as xlsx with a column per custom field, formulas neutralised', async () => {
    const event = await newEvent({ title: 'Sommerfest 2026 – Zürich' });
    const size = await createCustomField(db(), {
      eventId: event.id,
      title: 'Grösse',
      type: CustomFieldType.option,
      options: ['M'],
      sortOrder: 1,
    });
    const vegi = await createCustomField(db(), {
      eventId: event.id,
      title: 'Vegi',
      type: CustomFieldType.boolean,
      sortOrder: 2,
    });
    await createCustomField(db(), { eventId: event.id, title: '=HYPERLINK("x")', sortOrder: 3 });
    const count = await createCustomField(db(), {
      eventId: event.id,
      title: 'Anzahl',
      type: CustomFieldType.number,
      sortOrder: 4,
    });
    await register(
      t.app,
      event.id,
      registrationBody({
        firstname: '=cmd|"/c calc"!A1',
        lastname: 'Muster',
        street: '-2+3*cmd|',
        city: '+SUM(A1)',
        remarks: '@SUM(1)',
        eventCustomFieldValues: [
          { eventCustomFieldId: size.id, value: 'M' },
          { eventCustomFieldId: vegi.id, value: 'true' },
          { eventCustomFieldId: count.id, value: '3' },
        ],
      }),
    );
    const res = await w.as('manager')({ url: `/api/v1/event/${event.id}/export-event-registration` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="registrations-sommerfest-2026-zurich-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Registrations');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['State', 'Registered at', 'First name', 'Last name', 'E-mail']);
    expect(header.slice(-4)).toEqual(['Grösse', 'Vegi', `'=HYPERLINK("x")`, 'Anzahl']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title) + 1);
    expect(row[0]).toBe('Pending');
    expect(row[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(row[2]).toBe(`'=cmd|"/c calc"!A1`);
    expect(row[3]).toBe('Muster');
    // Formula-like texts are stored as text with an apostrophe, never as a formula.
    for (const [title, value] of [
      ['First name', `'=cmd|"/c calc"!A1`],
      ['Street', `'-2+3*cmd|`],
      ['City', `'+SUM(A1)`],
      ['Remarks', `'@SUM(1)`],
      ['ZIP', '3011'],
    ]) {
      expect({ title, type: cell(title!).type, formula: cell(title!).formula, value: cell(title!).value }).toEqual({
        title,
        type: ExcelJS.ValueType.String,
        formula: undefined,
        value,
      });
    }
    expect([cell('Grösse').value, cell('Vegi').value]).toEqual(['M', 'Yes']);
    expect(cell('Anzahl')).toMatchObject({ type: ExcelJS.ValueType.Number, value: 3 });
    expect(sheet.rowCount).toBe(2);
    const [audit] = await db().select().from(auditEntries).where(eq(auditEntries.entityId, event.id));
    expect(audit).toMatchObject({
      action: 'exported',
      entity: 'eventRegistrations',
      actorPersonId: w.people.manager.id,
    });
  });
});

/**
 * A download broken off (a closed tab): the writing stops, its reads stop, and the API keeps
 * answering, as with the person export (export-reading.test.ts). A read failing mid-file breaks
 * the response off the same way (platform/xlsx/write-workbook.test.ts).
 */
describe('a registration export broken off', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  let eventId: string;
  const registrationCount = REGISTRATION_EXPORT_BATCH * 5;
  /** The export's page reads (registration pages with an offset). */
  let pageReads = 0;

  beforeAll(async () => {
    t = await createTestApp({
      onQuery: (query) => {
        if (/from "event_registrations".* offset /is.test(query)) pageReads++;
      },
    });
    w = await registrationWorld(t.app, t.database.db);
    eventId = (await createEvent(t.database.db, { responsibleClubId: w.club.id })).id;
    for (let start = 0; start < registrationCount; start += 1000) {
      await t.database.db.insert(eventRegistrations).values(
        Array.from({ length: 1000 }, (_, i) => {
          // Text that deflates little, so that the file is far larger than the buffers between.
          const noise = randomBytes(12).toString('base64url');
          return {
            eventId,
            firstname: `Gast ${start + i}`,
            lastname: `Muster ${noise}`,
            email: `gast-${start + i}-${noise}@example.ch`,
            remarks: randomBytes(30).toString('base64'),
            linkKeyHash: randomBytes(32).toString('hex'),
          };
        }),
      );
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const url = () =>
    `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1/event/${eventId}/export-event-registration`;
  /** Waits until no page has been read for a while; answers the pages read since `before`. */
  async function pagesReadUntilQuiet(before = pageReads) {
    for (let seen = -1; seen !== pageReads;) {
      seen = pageReads;
      await sleep(300);
    }
    return pageReads - before;
  }

  it('stops reading and gives the connection back when the client goes away', async () => {
    const authorization = `Bearer ${w.tokens.manager}`;
    const before = pageReads;
    const complete = await fetch(url(), { headers: { authorization } });
    expect(complete.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await complete.arrayBuffer());
    expect(workbook.worksheets[0]!.rowCount).toBe(registrationCount + 1);
    const pagesOfAll = await pagesReadUntilQuiet(before);
    expect(pagesOfAll).toBeGreaterThanOrEqual(registrationCount / REGISTRATION_EXPORT_BATCH);
    for (let i = 0; i < 4; i++) {
      const readBefore = pageReads;
      // The client goes away after the first bytes, as a closed browser tab does.
      await new Promise<void>((resolve, reject) => {
        const request = http.get(url(), { headers: { authorization }, agent: false }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', reject);
      });
      expect(await pagesReadUntilQuiet(readBefore)).toBeLessThan(pagesOfAll);
    }
    if (t.database.pool) expect(t.database.pool.totalCount - t.database.pool.idleCount).toBe(0);
    // The API still answers.
    const list = await w.as('manager')({ url: `/api/v1/event/${eventId}/event-registration?PerPage=1` });
    expect(list.statusCode).toBe(200);
  });

  it('ends the writing when its reader is closed while it waits for the reader', async () => {
    const admin = w.people.admin;
    const actor = {
      personId: admin.id,
      isAdmin: true,
      isCentralCommittee: true,
      clubManagerOf: [],
      eventManagerOf: [],
      memberOf: [],
    };
    const warn = vi.fn();
    const { stream } = await startRegistrationExport(
      { db: t.database.db, now: () => new Date(), log: { warn } },
      actor,
      Locale.enUS,
      eventId,
    );
    // Nobody reads: the writer fills the buffers and waits for them to drain.
    await pagesReadUntilQuiet();
    stream.destroy();
    await expect.poll(() => warn.mock.calls.length).toBe(1);
    expect(warn.mock.calls[0]![1]).toBe('registration export failed');
    expect(await pagesReadUntilQuiet()).toBe(0);
  });
});
