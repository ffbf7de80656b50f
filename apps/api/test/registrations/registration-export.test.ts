import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/db/schema/audit-log';
import { createEvent } from '../factories';
import { type TestApp, createTestApp } from '../test-app';
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
    await register(
      t.app,
      event.id,
      registrationBody({
        firstname: '=cmd|"/c calc"!A1',
        lastname: 'Muster',
        remarks: '@SUM(1)',
        eventCustomFieldValues: [
          { eventCustomFieldId: size.id, value: 'M' },
          { eventCustomFieldId: vegi.id, value: 'true' },
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
    expect(header.slice(-3)).toEqual(['Grösse', 'Vegi', `'=HYPERLINK("x")`]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[0]).toBe('Pending');
    expect(row[2]).toBe(`'=cmd|"/c calc"!A1`);
    expect(row).toContain(`'@SUM(1)`);
    expect([row[header.indexOf('Grösse')], row[header.indexOf('Vegi')]]).toEqual(['M', 'Yes']);
    expect(sheet.rowCount).toBe(2);
    const [audit] = await db().select().from(auditEntries).where(eq(auditEntries.entityId, event.id));
    expect(audit).toMatchObject({
      action: 'exported',
      entity: 'eventRegistrations',
      actorPersonId: w.people.manager.id,
    });
  });
});
