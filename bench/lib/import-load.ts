import { importCsv } from './import-file';
import { serverStats } from './server-process';

/** The import scenario's figures (issue 16): rows per second of the job, memory, event loop. */
export type ImportResult = {
  status: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakGrowthMb: number;
  eventLoopP99: number;
  outcome: Record<string, number> | null;
};

/**
 * Uploads a CSV of `rows` new persons, runs it and waits for its job (GET jobs/{id} every 250 ms):
 * rows per second from the run's start to the job's end.
 */
export async function measureImport(options: { baseUrl: string; token: string; rows: number }): Promise<ImportResult> {
  const auth = { authorization: `Bearer ${options.token}` };
  const form = new FormData();
  const file = importCsv({ rows: options.rows, tag: Date.now().toString(36) });
  form.append('File', new Blob([new Uint8Array(file)]), 'bench.csv');
  const uploaded = await fetch(`${options.baseUrl}/api/v1/imports`, { method: 'POST', headers: auth, body: form });
  if (uploaded.status !== 201) return failed(uploaded.status, options.rows);
  const upload = (await uploaded.json()) as { id: string; mapping: Record<string, string> };
  await serverStats(options.baseUrl, true);
  const started = performance.now();
  const run = await fetch(`${options.baseUrl}/api/v1/imports/${upload.id}/run`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: upload.mapping }),
  });
  if (run.status !== 202) return failed(run.status, options.rows);
  const { jobId } = (await run.json()) as { jobId: string };
  let job: { state: string; result: Record<string, number> | null };
  for (;;) {
    job = (await (await fetch(`${options.baseUrl}/api/v1/jobs/${jobId}`, { headers: auth })).json()) as typeof job;
    if (['done', 'failed', 'cancelled'].includes(job.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const stats = await serverStats(options.baseUrl);
  return {
    status: job.state === 'done' ? 200 : 500,
    rows: options.rows,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(options.rows / seconds),
    peakGrowthMb: stats.peakGrowthMb,
    eventLoopP99: stats.eventLoopDelay.p99,
    outcome: job.result,
  };
}

const failed = (status: number, rows: number): ImportResult => ({
  status,
  rows,
  seconds: NaN,
  rowsPerSecond: 0,
  peakGrowthMb: NaN,
  eventLoopP99: NaN,
  outcome: null,
});
