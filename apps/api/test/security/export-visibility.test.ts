import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import { ExportFormat } from '@bpw/domain/enums/export-format';
import { managerOnlyPersonFields } from '@bpw/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportColumnKeys } from '../../src/features/export/export-columns';
import { persons } from '../../src/db/schema/persons';
import { type CreatedPerson, createClub, createMembership, createPerson, injectAs, signIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { reportFigure } from './figures';

/** The first sheet of an xlsx as rows of cell values (header first). */
async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const isEmpty = (cell: unknown) => cell === undefined || cell === null || cell === '';

/**
 * Issue 15: each exported person carries exactly what GET person/{id} shows the exporter. For
 * every role of the cast, every exported person's manager-only fields (birthday, presentation
 * flag) are compared with her page as seen by the same caller: hidden on the page, empty in the
 * file; shown on the page, the same value in the file.
 */
describe('export visibility: the export shows each person as her page shows the exporter', () => {
  let t: TestApp;
  let cast: Record<string, { person: CreatedPerson; format: ExportFormat }>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-05-04T08:00:00Z') });
    const db = t.database.db;
    const clubA = (await createClub(db)).id;
    const clubB = (await createClub(db)).id;
    const clubC = (await createClub(db)).id;
    // The exported persons: of club A; of A and also in B; of B without a primary club; of C.
    const inA = await createPerson(db, { clubId: clubA, lastname: 'Visibility A', birthday: '1981-01-01' });
    const alsoInB = await createPerson(db, { clubId: clubA, lastname: 'Visibility AB', birthday: '1982-02-02' });
    await createMembership(db, { personId: alsoInB.id, clubId: clubB, type: 'single' });
    const withoutPrimaryClub = await createPerson(db, {
      clubId: clubB,
      primaryClubId: null,
      lastname: 'Visibility B0',
      birthday: '1983-03-03',
    });
    const inC = await createPerson(db, { clubId: clubC, lastname: 'Visibility C', birthday: '1984-04-04' });
    await db
      .update(persons)
      .set({ isPresentationDone: true })
      .where(inArray(persons.id, [inA.id, alsoInB.id, withoutPrimaryClub.id, inC.id]));
    const committeeManager = await createPerson(db, { clubId: clubC, type: 'database', isCentralCommittee: true });
    cast = {
      admin: { person: await createPerson(db, { isAdmin: true }), format: ExportFormat.allData },
      committee: { person: await createPerson(db, { isCentralCommittee: true }), format: ExportFormat.onlyMainData },
      'committee and manager of C': { person: committeeManager, format: ExportFormat.allData },
      'manager of the primary club (A)': {
        person: await createPerson(db, { clubId: clubA, type: 'database' }),
        format: ExportFormat.allData,
      },
      'manager of another club she is in (B)': {
        person: await createPerson(db, { clubId: clubB, type: 'database' }),
        format: ExportFormat.allData,
      },
      member: { person: await createPerson(db, { clubId: clubA }), format: ExportFormat.allData },
    };
  });
  afterAll(() => t.close());

  it('hides and shows the same fields in the export as on the person page, for every role', async () => {
    let compared = 0;
    let hidden = 0;
    const mismatches: string[] = [];
    const seenHidden = new Set<string>();
    for (const [role, { person, format }] of Object.entries(cast)) {
      const call = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
      const res = await call({ url: `/api/v1/export?OutputFormat=${format}` });
      if (role === 'member') {
        expect(res.statusCode, role).toBe(403);
        continue;
      }
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const [, ...rows] = await readSheet(res.rawPayload);
      expect(rows.length, role).toBeGreaterThan(0);
      const keys = exportColumnKeys[format];
      const lastnameAt = keys.indexOf('lastname');
      for (const row of rows) {
        const lastname = String(row[lastnameAt]);
        const [found] = await t.database.db
          .select({ id: persons.id })
          .from(persons)
          .where(inArray(persons.lastname, [lastname]));
        const page = await call({ url: `/api/v1/person/${found!.id}` });
        expect(page.statusCode).toBe(200);
        const detail = page.json() as Record<string, unknown>;
        for (const field of managerOnlyPersonFields) {
          const at = keys.indexOf(field);
          const pageValue = detail[field];
          if (pageValue === null) {
            hidden++;
            seenHidden.add(`${role}/${lastname}`);
          }
          // A format without the column shows the field to nobody.
          if (at < 0) continue;
          compared++;
          const cell = row[at];
          if (pageValue === null) {
            if (!isEmpty(cell)) mismatches.push(`${role} sees ${field} of ${lastname} in the export only`);
          } else if (isEmpty(cell)) {
            mismatches.push(`${role} sees ${field} of ${lastname} on the page only`);
          } else if (field === 'birthday' && (cell as Date).toISOString().slice(0, 10) !== pageValue) {
            mismatches.push(`${role}: ${field} of ${lastname} differs`);
          }
        }
      }
    }
    reportFigure(
      'export visibility',
      `${compared} exported fields compared with the person page for ${Object.keys(cast).length} roles (${hidden} hidden): ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
    // The cases the rule is about: another club's manager does not see her, the fallback does.
    expect(seenHidden.has(`manager of another club she is in (B)/Visibility AB`)).toBe(true);
    expect(seenHidden.has(`manager of another club she is in (B)/Visibility B0`)).toBe(false);
    expect(seenHidden.has(`admin/Visibility AB`)).toBe(false);
  });
});
