import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csv, importClient } from './import-test-support';

/**
 * Statements per imported row (docs/decisions/import.md "Statements per row"): every statement
 * the run sends is counted, from the run request until the job has ended (Drizzle's logger sees
 * savepoints, not BEGIN and COMMIT). Before the rework a new row took 39.8, an unchanged one
 * 14.8 and one with a changed address 20.8; row by row a new one then took 11.0, written
 * set-based with the other new persons of its batch 1.4 (20 rows in one batch).
 */
let t: TestApp;
let adminToken: string;
let club: { id: string; name: string };
let statements = 0;

beforeAll(async () => {
  // One batch for the whole file, so the figures do not depend on the machine's speed.
  t = await createTestApp({ env: { IMPORT_BATCH_MS: '600000' }, onQuery: () => statements++ });
  club = await createClub(t.database.db, { name: 'Statement Club' });
  const admin = await createPerson(t.database.db, { isAdmin: true });
  adminToken = (await signIn(t.app, admin.username, admin.password)).token;
});
afterAll(() => t.close());

const ROWS = 20;
const header = [
  'Vorname',
  'Nachname',
  'Geburtstag',
  'Korrespondenzsprache',
  'E-Mail (privat)',
  'Telefon (privat)',
  'Firma (geschäftlich)',
  'Strasse (geschäftlich)',
  'PLZ (geschäftlich)',
  'Ort (geschäftlich)',
  'Club',
  'Mitgliedschaftstyp',
];
// The benchmark's row (bench/lib/import-file.ts): private e-mail and phone, a business address, a membership.
const line = (i: number, city = 'Bern') => [
  `Vorname${i}`,
  'Statementtest',
  `${String((i % 28) + 1).padStart(2, '0')}.03.1970`,
  ['Deutsch', 'Français', 'Italiano', 'English'][i % 4]!,
  `statement.${i}@example.test`,
  `+41 31 ${String(1_000_000 + i).slice(-7)}`,
  `Firma ${i} AG`,
  `Bahnhofstrasse ${i}`,
  String(3000 + i),
  city,
  club.name,
  'Einzelmitglied',
];

/** Runs the file and answers its result and the statements the run sent per row. */
async function run(lines: string[][]) {
  const client = importClient(t.app, adminToken);
  const upload = (await client.upload(csv([header, ...lines]))).json<{ id: string; mapping: Record<string, string> }>();
  statements = 0;
  const started = await client.run(upload.id, upload.mapping);
  expect(started.statusCode, started.body).toBe(202);
  await t.app.jobs.runOnce();
  const perRow = statements / lines.length;
  const job = (await client.job(started.json().jobId)).json();
  return { result: job.result as Record<string, number>, perRow };
}

describe('statements per imported row', () => {
  const rows = () => Array.from({ length: ROWS }, (_, i) => line(i));

  it('creates a new person with two addresses, entries and a membership in few statements', async () => {
    const { result, perRow } = await run(rows());
    expect(result).toMatchObject({ created: ROWS, refused: 0 });
    // The batch's new persons are written set-based: a statement per table for the 20 rows.
    expect(perRow, `statements per new row: ${perRow}`).toBeLessThanOrEqual(2);
  });

  it('reads an unchanged row and writes nothing', async () => {
    const { result, perRow } = await run(rows());
    expect(result).toMatchObject({ unchanged: ROWS, created: 0, updated: 0 });
    expect(perRow, `statements per unchanged row: ${perRow}`).toBeLessThanOrEqual(6);
  });

  it('updates one address field in few statements', async () => {
    const { result, perRow } = await run(Array.from({ length: ROWS }, (_, i) => line(i, 'Köniz')));
    expect(result).toMatchObject({ updated: ROWS, refused: 0 });
    expect(perRow, `statements per changed row: ${perRow}`).toBeLessThanOrEqual(7);
  });
});
