import { importXlsx } from './import-large-file';
import { serverStats } from './server-process';

/** The large import's figures (issue 16): the upload, the job's first window, memory, event loop. */
export type ImportLargeResult = {
  status: number;
  /** exceljs's inline strings, or a shared-string table as Excel writes it (IMPORT_LARGE_SHARED_STRINGS=1). */
  format: 'xlsx' | 'xlsx, shared strings';
  rows: number;
  fileMb: number;
  uploadSeconds: number;
  /** Memory growth of the upload alone (reading the whole file once, storing it). */
  uploadPeakGrowthMb: number;
  windowSeconds: number;
  /** Seconds from the run's start to the first committed batch (the job reads into the sheet). */
  firstRowsSeconds: number;
  rowsImported: number;
  rowsPerSecond: number;
  jobState: string;
  /** Growth over the upload and the window together, on the server's baseline before the upload. */
  peakGrowthMb: number;
  eventLoopP99: number;
  /** Every second of the window: rows committed and the server's resident memory. */
  samples: { seconds: number; rows: number; rssMb: number }[];
};

type JobView = { state: string; done: number; total: number | null };
const isEnded = (state: string) => ['done', 'failed', 'cancelled'].includes(state);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An .xlsx of `rows` new persons (a million by default) uploaded and run as a job for at most
 * `windowSeconds`, then cancelled: a million rows take about an hour at today's speed, so the
 * window measures the rate and the memory of the whole file's upload and of the job under way.
 * Waits until the job runner is idle again (GET /bench/jobs-idle), so nothing runs on into the
 * next scenario.
 */
export async function measureImportLarge(options: {
  baseUrl: string;
  token: string;
  rows: number;
  windowSeconds: number;
  sharedStrings: boolean;
  log: (line: string) => void;
}): Promise<ImportLargeResult> {
  const { baseUrl, rows } = options;
  const auth = { authorization: `Bearer ${options.token}` };
  const format: ImportLargeResult['format'] = options.sharedStrings ? 'xlsx, shared strings' : 'xlsx';
  const file = await importXlsx({ rows, tag: Date.now().toString(36), sharedStrings: options.sharedStrings });
  const fileMb = Math.round((file.length / 2 ** 20) * 10) / 10;
  options.log(`  file: ${rows} rows, ${format}, ${fileMb} MB; uploading ...`);
  const form = new FormData();
  form.append('File', new Blob([new Uint8Array(file)]), 'bench-large.xlsx');
  await serverStats(baseUrl, true);
  const uploadStarted = performance.now();
  const uploaded = await fetch(`${baseUrl}/api/v1/imports`, { method: 'POST', headers: auth, body: form });
  const uploadSeconds = round((performance.now() - uploadStarted) / 1000);
  const afterUpload = await serverStats(baseUrl);
  const uploadFigures = { format, rows, fileMb, uploadSeconds, uploadPeakGrowthMb: afterUpload.peakGrowthMb };
  if (uploaded.status !== 201) return noWindow(uploaded.status, uploadFigures, afterUpload);
  const upload = (await uploaded.json()) as { id: string; mapping: Record<string, string> };
  options.log(
    `  uploaded in ${uploadSeconds} s (+${afterUpload.peakGrowthMb} MB); running for ${options.windowSeconds} s ...`,
  );

  const started = performance.now();
  const run = await fetch(`${baseUrl}/api/v1/imports/${upload.id}/run`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: upload.mapping }),
  });
  if (run.status !== 202) return noWindow(run.status, uploadFigures, await serverStats(baseUrl));
  const { jobId } = (await run.json()) as { jobId: string };
  const readJob = async () =>
    (await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, { headers: auth })).json()) as JobView;
  let job = await readJob();
  let firstRowsSeconds = NaN;
  const samples: ImportLargeResult['samples'] = [];
  while (!isEnded(job.state) && performance.now() - started < options.windowSeconds * 1000) {
    await sleep(1000);
    job = await readJob();
    const seconds = round((performance.now() - started) / 1000);
    if (job.done > 0 && Number.isNaN(firstRowsSeconds)) firstRowsSeconds = seconds;
    samples.push({ seconds, rows: job.done, rssMb: (await serverStats(baseUrl)).rssMb });
    if (samples.length % 10 === 0) options.log(`  ${seconds} s: ${job.done} rows, server ${samples.at(-1)!.rssMb} MB`);
  }
  const windowSeconds = (performance.now() - started) / 1000;
  const rowsImported = job.done;
  const jobState = job.state;
  if (!isEnded(job.state)) {
    await fetch(`${baseUrl}/api/v1/jobs/${jobId}/cancel`, { method: 'POST', headers: auth });
  }
  // The batch under way finishes and rolls back; its memory still counts.
  await fetch(`${baseUrl}/bench/jobs-idle`);
  const stats = await serverStats(baseUrl);
  return {
    status: jobState === 'failed' ? 500 : 200,
    ...uploadFigures,
    windowSeconds: round(windowSeconds),
    firstRowsSeconds,
    rowsImported,
    rowsPerSecond: Math.round(rowsImported / windowSeconds),
    jobState,
    peakGrowthMb: stats.peakGrowthMb,
    eventLoopP99: stats.eventLoopDelay.p99,
    samples,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

const noWindow = (
  status: number,
  measured: Pick<ImportLargeResult, 'format' | 'rows' | 'fileMb' | 'uploadSeconds' | 'uploadPeakGrowthMb'>,
  stats: { peakGrowthMb: number; eventLoopDelay: { p99: number } },
): ImportLargeResult => ({
  status,
  ...measured,
  windowSeconds: NaN,
  firstRowsSeconds: NaN,
  rowsImported: 0,
  rowsPerSecond: 0,
  jobState: 'none',
  peakGrowthMb: stats.peakGrowthMb,
  eventLoopP99: stats.eventLoopDelay.p99,
  samples: [],
});
