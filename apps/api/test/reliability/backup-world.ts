import { randomBytes } from 'node:crypto';
import { type Database, runMigrations } from '../../src/db/client';
import { seedDemoDataIfEmpty } from '../../src/db/demo/demo-data';

/** Persons added in bulk on top of the demo data, so the backup is not a toy. */
export const BULK_PERSONS = 20_000;

/**
 * A database worth backing up: the demo data (clubs, persons, relations, events, registrations,
 * notifications), many more persons with addresses and e-mails, binary image data, arrays, JSON
 * and an export's audit trail, i.e. every kind of column the schema uses.
 */
export async function fillBackupWorld(database: Database): Promise<void> {
  await runMigrations(database);
  await seedDemoDataIfEmpty(database.db);
  await database.raw(`
    insert into persons (firstname, lastname, birthday, language_code)
    select 'Nora', 'Bulk ' || g, date '1950-01-01' + (g % 20000), (array['de','fr','it','en'])[1 + g % 4]
    from generate_series(1, ${BULK_PERSONS}) g`);
  await database.raw(`
    insert into addresses (person_id, label, street, zip, city, competences)
    select id, 'Privat', 'Weg ' || left(id::text, 4), '3000', 'Bern', array[0, 70]::smallint[]
    from persons where lastname like 'Bulk %'`);
  await database.raw(`
    insert into address_emails (address_id, person_id, value)
    select id, person_id, 'bulk-' || left(id::text, 8) || '@example.test' from addresses where label = 'Privat'`);
  const [file] = (
    await database.raw(
      `insert into stored_files (kind, mime_type, byte_size, width, height)
       values ('avatar', 'image/webp', 4096, 64, 64) returning id`,
    )
  ).rows;
  await database.raw(
    `insert into stored_file_variants (file_id, variant, mime_type, data) values ($1, 's', 'image/webp', $2)`,
    [file!.id, randomBytes(4096)],
  );
  const [entry] = (
    await database.raw(
      `insert into audit_entries (action, entity, details) values ('exported', 'persons', '{"rowCount": 100}') returning id`,
    )
  ).rows;
  await database.raw(
    `insert into audit_exported_persons (audit_entry_id, batch_number, person_ids)
     select $1, 0, array_agg(id) from (select id from persons limit 100) p`,
    [entry!.id],
  );
  await database.raw(
    `insert into mail_outbox (to_address, subject, text_body) values ('a@example.test', 'Hallo', 'Text')`,
  );
}
