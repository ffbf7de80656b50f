import fs from 'node:fs';
import path from 'node:path';
import { DuplicateReason, type DuplicateList } from '@bpw/domain/schemas/duplicate';
import { SEARCH_FOLD_FROM, foldName } from '@bpw/domain/search-words';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn, uniqueSuffix } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migrationsFolder } from '../../db/client';

/** One name folding for duplicates and the Name search (docs/decisions/duplicates.md, migration 0026). */
describe('the duplicates fold names as the search does', () => {
  let t: TestApp;
  let clubId: string;
  let admin: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
  });
  afterAll(() => t.close());

  const fold = async (text: string | null) =>
    (await t.database.raw('select duplicate_fold($1::text) as folded', [text])).rows[0]!.folded as string;
  const queued = async () =>
    (await t.database.raw('select person_id from duplicate_queue order by person_id')).rows.map((r) => r.person_id);

  it('folds in SQL exactly as the domain folds', async () => {
    const texts = [
      SEARCH_FOLD_FROM,
      SEARCH_FOLD_FROM.toUpperCase(),
      'Petrović Müller MUELLER Straße Æsop Œuvre Ørsted',
      "D'Amico-Zürcher Jean‐Luc Mu\u0308ller Ren\u0301e Иван 東京",
      '',
    ];
    for (const text of texts) expect(await fold(text), text).toBe(foldName(text));
    expect(await fold(null)).toBe('');
    expect(foldName('Petrović')).toBe(foldName('Petrovic'));
    expect(foldName('Müller')).toBe(foldName('Mueller'));
  });

  it('pairs Petrović with Petrovic and Müller with Mueller of the same birthday', async () => {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const person = (firstname: string, lastname: string) =>
      createPerson(db, { clubId, firstname, lastname: `${lastname}${tag}`, birthday: '1975-04-04' });
    const [a, b] = [await person('Jelena', 'Petrović'), await person('Jelena', 'Petrovic')];
    const [c, d] = [await person('Käthi', 'Müller'), await person('Kaethi', 'Mueller')];
    const { token } = await signIn(t.app, admin.username, admin.password);
    const res = await injectAs(t.app, token)({ url: '/api/v1/duplicate?PerPage=100' });
    expect(res.statusCode).toBe(200);
    const pair = (x: string, y: string) =>
      (res.json() as DuplicateList).items.find(
        (p) => [p.person1.id, p.person2.id].sort().join() === [x, y].sort().join(),
      );
    expect(pair(a.id, b.id)?.reasons).toContain(DuplicateReason.sameNameAndBirthday);
    expect(pair(c.id, d.id)?.reasons).toContain(DuplicateReason.sameNameAndBirthday);
  });

  it('migration 0026 queues only the persons whose folded name changes', async () => {
    const migration = fs.readFileSync(path.join(migrationsFolder, '0026_duplicate_folding.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint').map((s) => s.trim());
    const requeue = statements.find((s) => s.includes('INSERT INTO duplicate_queue'))!;
    const replace = statements.find((s) => s.includes('CREATE OR REPLACE FUNCTION duplicate_fold'))!;
    // The folding before this migration (0021), on this test's own database.
    await t.database.raw(`CREATE OR REPLACE FUNCTION duplicate_fold(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT translate(lower(coalesce(value, '')), 'äöüàáâãåèéêëìíîïòóôõùúûçñ', 'aouaaaaaeeeeiiiioooouuucn') $$`);
    const db = t.database.db;
    const tag = uniqueSuffix();
    const kept = [await createPerson(db, { firstname: 'Anna', lastname: `Keller${tag}` })];
    kept.push(await createPerson(db, { firstname: 'Zita', lastname: `Müller${tag}` }));
    const changed = [await createPerson(db, { firstname: 'Jelena', lastname: `Petrović${tag}` })];
    changed.push(await createPerson(db, { firstname: 'Lea', lastname: `Mueller${tag}` }));
    changed.push(await createPerson(db, { firstname: 'Samuel', lastname: `Gerber${tag}` }));
    changed.push(await createPerson(db, { firstname: 'Ida', lastname: `Strauß${tag}` }));
    await t.database.raw('delete from duplicate_queue');

    await t.database.raw(requeue);
    await t.database.raw(replace);
    const mine = new Set([...kept, ...changed].map((p) => p.id));
    expect((await queued()).filter((id) => mine.has(id as string))).toEqual(changed.map((p) => p.id).sort());
    expect(await fold('Petrović')).toBe('petrovic');
  });

  it('claims the scan queue from one index in either order', async () => {
    const plan = (order: string) =>
      t.database.db.transaction(async (tx) => {
        // Small tables are read whole otherwise; the question is whether an index serves the order.
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = await tx.execute(
          sql.raw(`explain select person_id from duplicate_queue order by ${order} limit 500 for update skip locked`),
        );
        return (explained as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    for (const order of ['queued_at, person_id', 'queued_at desc, person_id desc']) {
      const text = await plan(order);
      expect(text).toContain('duplicate_queue_claim_idx');
      expect(text).not.toMatch(/\bSort\b/);
    }
  });
});
