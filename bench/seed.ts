import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRng } from '../apps/api/src/db/demo/demo-random';
import { type Database, openDatabase, runMigrations } from '../apps/api/src/db/client';
import { scanQueuedPersons } from '../apps/api/src/features/duplicates/duplicate-scan.service';
import { hashPassword } from '../apps/api/src/platform/passwords';
import { benchAdmin, benchDataDir, repoRoot } from './bench-config';
import { buildClubs, clubRows } from './seed/clubs';
import { addEvents, addRegistrations, type EventPlan, newEventBuffers } from './seed/events';
import { uuidFor } from './seed/ids';
import { createIndexes, dropSecondaryIndexes } from './seed/indexes';
import { type Loader, openPglite, openPgliteLoader, openPostgresLoader } from './seed/loader';
import { addPerson, newPersonBuffers, newPersonFacts, type PersonBuffers } from './seed/persons';
import type { CopyBuffer } from './seed/copy-text';

/**
 * npm run bench:seed -- --persons 100000 [--reset]
 *
 * Fills the database of DATABASE_URL (PostgreSQL), or else the PGlite database in
 * BENCH_DATA_DIR (default .data-bench/pglite), with deterministic data: the same arguments give
 * the same rows on every machine. Refuses a database that already holds persons unless --reset
 * is given, which empties every table first.
 */
const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '100000' },
    reset: { type: 'boolean', default: false },
  },
});
const personCount = Number(values.persons);
if (!Number.isInteger(personCount) || personCount < 1000) throw new Error('--persons must be an integer >= 1000');
const databaseUrl = process.env.DATABASE_URL || undefined;
const CHUNK = 10_000;
const scale = {
  persons: personCount,
  events: Math.max(100, Math.round(personCount / 20)),
  registrations: personCount,
};

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);

const pglite = databaseUrl ? undefined : await openPglite(path.join(benchDataDir(), 'pglite'));
const database: Database = pglite
  ? await openDatabase({ pglite })
  : await openDatabase({ databaseUrl: databaseUrl!, poolSize: 2, statementTimeoutMs: 0 });
log(`database: ${databaseUrl ? 'PostgreSQL' : `PGlite in ${path.relative(repoRoot, benchDataDir())}`}`);
await runMigrations(database);

const loaders: Loader[] = [];
if (pglite) loaders.push(openPgliteLoader(pglite));
else for (let i = 0; i < 2; i++) loaders.push(await openPostgresLoader(databaseUrl!));
const [main] = loaders as [Loader, ...Loader[]];

const { rows: existing } = await main.exec('select count(*)::int as n from persons');
if (Number(existing[0]?.n) > 0) {
  if (!values.reset) throw new Error('The database already holds persons; pass --reset to empty it first.');
  const { rows: tables } = await main.exec(`select tablename from pg_tables where schemaname = 'public'`);
  await main.exec(`TRUNCATE ${tables.map((t) => `"${String(t.tablename)}"`).join(', ')} CASCADE`);
  log('emptied every table (--reset)');
}

const loadedTables = [
  'persons',
  'addresses',
  'address_emails',
  'address_phones',
  'address_urls',
  'club_relations',
  'user_accounts',
  'person_spoken_languages',
  'person_mentoring_areas',
  'events',
  'event_categories',
  'event_category_links',
  'event_publications',
  'event_registrations',
];
for (const loader of loaders) {
  await loader.exec(`SET session_replication_role = replica`);
  if (loader.kind === 'postgres') await loader.exec(`SET maintenance_work_mem = '256MB'`);
}
const savedIndexes = await dropSecondaryIndexes(main, loadedTables);
log(`dropped ${savedIndexes.length} secondary indexes for the load`);

// Two connections on PostgreSQL: one table batch loads while the next is generated.
let pending: Promise<void>[] = [];
let turn = 0;
async function flush(buffers: Record<string, CopyBuffer>) {
  const batch = Object.values(buffers).map((b) => ({ table: b.table, columns: b.columns, text: b.take() }));
  if (pending.length >= loaders.length) await pending.shift();
  const loader = loaders[turn++ % loaders.length]!;
  pending.push(
    (async () => {
      for (const { table, columns, text } of batch) await loader.copy(table, columns, text);
    })(),
  );
}

const rng = createRng(8_000_001);
const clubs = buildClubs();
await flush({ clubs: clubRows(clubs) });
const facts = newPersonFacts(personCount);
const personBuffers: PersonBuffers = newPersonBuffers();
for (let start = 0; start < personCount; start += CHUNK) {
  const end = Math.min(personCount, start + CHUNK);
  for (let i = start; i < end; i++) addPerson(rng, clubs, facts, personBuffers, i);
  await flush(personBuffers);
  if ((end / CHUNK) % 10 === 0 || end === personCount) log(`persons ${end.toLocaleString('en')}`);
}

const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const plan: EventPlan = { count: scale.events, registrable: [], from: new Float64Array(scale.events) };
const eventBuffers = newEventBuffers();
for (let start = 0; start < scale.events; start += CHUNK) {
  const end = Math.min(scale.events, start + CHUNK);
  addEvents(rng, clubs, eventBuffers, { start, end, count: scale.events, today }, plan);
  await flush(eventBuffers);
}
log(`events ${scale.events.toLocaleString('en')}`);
for (let start = 0; start < scale.registrations; start += CHUNK) {
  const end = Math.min(scale.registrations, start + CHUNK);
  addRegistrations(rng, facts, plan, eventBuffers, { start, end, today });
  await flush(eventBuffers);
}
await Promise.all(pending);
pending = [];
log(`registrations ${scale.registrations.toLocaleString('en')}`);

await insertBenchAdmin(main);
await fillSearchIndex(main);
log('search index filled');
await fillAddressIndex(main);
log('address filter index filled');
await createIndexes(loaders, savedIndexes, log);
log('indexes built');
for (const loader of loaders) await loader.exec(`SET session_replication_role = DEFAULT`);
// Issue 16: the load ran without triggers, so the duplicate scan has queued nobody: every person
// is scanned once now, in batches, as the scheduled job would (docs/decisions/duplicates.md).
await main.exec('insert into duplicate_queue (person_id) select id from persons on conflict do nothing');
log(`duplicate candidates: ${await scanQueuedPersons(database.db, { batchSize: 5_000 })} persons scanned`);
// VACUUM sets the visibility map, so index-only scans need no heap visits, and ANALYZE gives
// the planner the real distribution. Both belong to "seeded".
await main.exec(loaders[0]!.kind === 'postgres' ? 'VACUUM (ANALYZE)' : 'VACUUM ANALYZE');
log('vacuumed and analysed');

const { rows: counts } = await main.exec(
  `select (select count(*) from persons)::int as persons, (select count(*) from addresses)::int as addresses,
          (select count(*) from address_emails)::int as emails, (select count(*) from address_phones)::int as phones,
          (select count(*) from club_relations)::int as relations, (select count(*) from clubs)::int as clubs,
          (select count(*) from events)::int as events, (select count(*) from event_registrations)::int as registrations,
          (select count(*) from user_accounts)::int as accounts`,
);
const cpu = process.cpuUsage();
log(`done: ${JSON.stringify(counts[0])}`);
// The machine's load tells whether the wall time above is this seed's alone.
log(
  `generator CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s; load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
for (const loader of loaders) await loader.close();
await database.close();

/** The benchmark's administrator: one more person with an account and a password. */
async function insertBenchAdmin(loader: Loader) {
  const i = personCount; // the index after the generated persons
  const id = uuidFor('person', i);
  const hash = await hashPassword(benchAdmin.password);
  await loader.exec(`
    insert into persons (id, firstname, lastname, language_code, state, search_text)
      values ('${id}', 'Bench', 'Admin', 'en', 0, 'Bench Admin');
    insert into user_accounts (id, person_id, username, password_hash, is_admin, accepted_terms_at)
      values ('${uuidFor('account', i)}', '${id}', '${benchAdmin.username}', '${hash}', true, now());`);
}

/**
 * What the search-index trigger of migration 0023 writes for each person, in one statement
 * without the primary key (built once afterwards, like the other indexes).
 */
async function fillSearchIndex(loader: Loader) {
  await loader.exec(`
    alter table person_search_prefixes drop constraint person_search_prefixes_pk;
    insert into person_search_prefixes (prefix, firstname_missing, firstname, lastname, person_id)
      select p, firstname is null, coalesce(firstname, ''), lastname, id from persons, person_search_prefixes_of(search_text) as p;
    alter table person_search_prefixes add constraint person_search_prefixes_pk
      primary key (prefix, firstname_missing, firstname, lastname, person_id);`);
}

/** What the address-index triggers of migration 0038 write, in one statement likewise. */
async function fillAddressIndex(loader: Loader) {
  await loader.exec(`
    alter table person_address_prefixes drop constraint person_address_prefixes_pk;
    insert into person_address_prefixes (kind, prefix, firstname_missing, firstname, lastname, person_id)
      select k.kind, k.prefix, p.firstname is null, coalesce(p.firstname, ''), p.lastname, p.id
      from (select person_id, string_agg(city, ' ') as city, string_agg(zip, ' ') as zip,
              string_agg(company, ' ') as company, string_agg(street, ' ') as street
            from addresses group by person_id) as f
        join persons p on p.id = f.person_id,
        address_prefixes_of(f.city, f.zip, f.company, f.street) as k;
    alter table person_address_prefixes add constraint person_address_prefixes_pk
      primary key (kind, prefix, firstname_missing, firstname, lastname, person_id);`);
}
