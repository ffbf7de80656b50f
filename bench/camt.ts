import os from 'node:os';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { insertInvoices, type NewInvoice } from '../apps/api/src/features/invoices/invoice-shared.service';
import { startBenchApp } from './lib/bench-app';
import { camtXml } from '../apps/api/src/features/payments/camt-test-support';
import {
  TEST_QR_IBAN,
  createInvoiceSettings,
  uploadCamt,
} from '../apps/api/src/features/payments/payments-test-support';

/**
 * npm run bench:camt --workspace apps/api [-- --credits 10000]
 *
 * Issue 17: a camt.054 of `credits` credits matched and booked (target: 10,000 in under 10 s).
 * A fresh database (PGlite in a temporary directory, or the PostgreSQL of DATABASE_URL, which
 * should be empty), one club with a QR-IBAN and `credits` issued invoices; then one file whose
 * every credit pays one invoice by its QRR reference, uploaded through the API and booked by the
 * import job, in this process. Prints the time from upload to the last booking, credits per
 * second, peak memory growth and the worst event-loop pause; then the same file again (nothing
 * booked twice).
 */
const { values } = parseArgs({ options: { credits: { type: 'string', default: '10000' } } });
const creditCount = Number(values.credits);
const { app, database, databaseUrl, tag, token, close } = await startBenchApp('camt');
try {
  const [club] = (
    await database.raw(`insert into clubs (name, club_type) values ($1, 0) returning id`, [`Bench Camt ${tag}`])
  ).rows as { id: string }[];
  const clubId = club!.id;
  await createInvoiceSettings(database.db, clubId);

  const seedStarted = performance.now();
  const references: string[] = [];
  const now = new Date();
  for (let start = 0; start < creditCount; start += 1000) {
    const batch: NewInvoice[] = Array.from({ length: Math.min(1000, creditCount - start) }, (_, i) => ({
      kind: 'fee',
      clubId,
      personId: null,
      year: 2027,
      feeYear: null,
      recipient: {
        name: `Anna Bench ${start + i}`,
        sortName: `Bench ${start + i}\u0001Anna`,
        company: null,
        addressLine: null,
        street: 'Bahnhofstrasse',
        buildingNumber: '1',
        zip: '8001',
        city: 'Zürich',
        countryCode: 'CH',
        email: null,
      },
      languageCode: 'de',
      creditor: {
        creditorName: 'BPW Bench',
        street: 'Bundesgasse',
        buildingNumber: '3',
        zip: '3011',
        city: 'Bern',
        countryCode: 'CH',
        iban: TEST_QR_IBAN,
      },
      delivery: 0,
      issueDate: '2027-01-15',
      dueDate: '2027-02-14',
      positions: [{ kind: 'clubFee', text: 'Mitgliederbeitrag 2027', amountCentimes: 12000 }],
      createdBy: null,
      now,
    }));
    // Inside a transaction only `tx` may be used (PGlite has one connection).
    const ids = await database.db.transaction(async (tx) =>
      (await insertInvoices(tx, batch)).filter((id): id is string => id !== undefined),
    );
    const rows = (await database.raw(`select reference from invoices where id = any($1::uuid[])`, [ids])).rows as {
      reference: string;
    }[];
    references.push(...rows.map((r) => r.reference));
  }
  console.log(`${references.length} invoices in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const xml = camtXml({
    fileRef: `BENCH-${tag}`,
    entries: references.map((reference, i) => ({ reference, amount: '120.00', bankRef: `B-${tag}-${i}` })),
  });
  console.log(`camt.054.001.08: ${(xml.length / 1024 / 1024).toFixed(1)} MB, ${references.length} credits`);

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const uploaded = await uploadCamt(app, token, xml, { clubId });
  if (uploaded.statusCode >= 300 && uploaded.statusCode !== 202)
    throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const uploadMs = performance.now() - started;
  await app.jobs.runOnce();
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  loop.disable();
  const result = await app.inject({
    url: `/api/v1/payment-import/${uploaded.json<{ id: string }>().id}?PerPage=1`,
    headers: { authorization: `Bearer ${token}` },
  });
  const counts = result.json<{ creditCount: number; matchedCount: number; unmatchedCount: number }>();
  console.log(
    `booked ${counts.matchedCount} of ${counts.creditCount} credits (${counts.unmatchedCount} unmatched) in ${(totalMs / 1000).toFixed(2)} s` +
      ` (upload and parse ${(uploadMs / 1000).toFixed(2)} s): ${Math.round(counts.creditCount / (totalMs / 1000))} credits/s;` +
      ` peak memory +${Math.round((peakRss - rssBefore) / 1024 / 1024)} MiB;` +
      ` worst event-loop pause ${Math.round(loop.max / 1e6)} ms; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}` +
      ` on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  const againStarted = performance.now();
  const again = await uploadCamt(app, token, xml, { clubId });
  await app.jobs.runOnce();
  const second = await app.inject({
    url: `/api/v1/payment-import/${again.json<{ id: string }>().id}?PerPage=1`,
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(
    `the same file again: ${second.json<{ duplicateCount: number }>().duplicateCount} duplicates, ` +
      `${second.json<{ matchedCount: number }>().matchedCount} booked, in ${((performance.now() - againStarted) / 1000).toFixed(2)} s`,
  );
} finally {
  await close();
}
