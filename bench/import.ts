import os from 'node:os';
import { parseArgs } from 'node:util';
import { startBenchApp } from './lib/bench-app';
import { importCsv } from './lib/import-file';

/**
 * npm run bench:import --workspace apps/api [-- --rows 10000] [--batch 100]
 *
 * The import alone (issue 16), without the million-person seed: a fresh database (PGlite in a
 * temporary directory, or the PostgreSQL of DATABASE_URL, which should be empty), one
 * administrator and one club, then a CSV of `rows` new persons with a membership uploaded and
 * run as a job, in this process, `batch` rows at most per transaction (1: a row per transaction).
 * Prints rows per second, peak memory growth, the worst event-loop pause and the load average
 * (docs/decisions/import.md).
 */
const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, batch: { type: 'string', default: '100' } },
});
const rows = Number(values.rows);
const { app, config, database, tag, token, close } = await startBenchApp('import', { IMPORT_BATCH_ROWS: values.batch });
try {
  const [club] = (
    await database.raw(`insert into clubs (name, club_type) values ($1, 0) returning id, name`, [`Bench Import ${tag}`])
  ).rows as { name: string }[];
  const file = importCsv({ rows, tag, clubName: club!.name });
  const body = new FormData();
  body.append('File', new Blob([new Uint8Array(file)]), 'bench.csv');
  const encoded = new Response(body);
  const headers = { authorization: `Bearer ${token}` };
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const upload = uploaded.json<{ id: string; mapping: Record<string, string> }>();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let worstPause = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    worstPause = Math.max(worstPause, now - last - 20);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const run = await app.inject({
    method: 'POST',
    url: `/api/v1/imports/${upload.id}/run`,
    headers,
    payload: { mapping: upload.mapping },
  });
  if (run.statusCode !== 202) throw new Error(`run: ${run.statusCode} ${run.body}`);
  await app.jobs.runOnce();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const job = (await app.inject({ url: `/api/v1/jobs/${run.json<{ jobId: string }>().jobId}`, headers })).json<{
    state: string;
    result: unknown;
  }>();
  console.log(
    JSON.stringify({
      database: database.kind,
      rows,
      batchRows: config.importBatchRows,
      state: job.state,
      result: job.result,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(rows / seconds),
      peakRssGrowthMb: Math.round((peakRss - rssBefore) / 2 ** 20),
      worstEventLoopPauseMs: Math.round(worstPause),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    }),
  );
} finally {
  await close();
}
