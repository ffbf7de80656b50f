import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { Summary } from './percentiles';
import { serverStats } from './server-process';

/**
 * The export of all persons (allData, the widest format) as one download, while the list is
 * loaded as in its own scenario: rows per second, the server's peak memory growth, and the
 * list's latency during the export.
 */
export type ExportResult = {
  status: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  peakGrowthMb: number;
  eventLoopP99: number;
  /** The same export again while the list is under load, and the list's latency meanwhile. */
  underLoad: { seconds: number; rowsPerSecond: number; list: Summary };
};

/** What export-download.ts prints. */
type Download = { status: number; bytes: number; seconds: number };

/** The download, by a fresh process (export-download.ts); a failure to run it is an error here. */
async function download(baseUrl: string, token: string): Promise<Download> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'export-download.ts'),
      `${baseUrl}/api/v1/export?OutputFormat=0`,
      token,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`export download exited with ${code}`);
  return JSON.parse(output) as Download;
}

/** First the export alone (rows/s, memory), then again beside the list load. */
export async function measureExport(options: {
  baseUrl: string;
  token: string;
  rows: number;
  listLoad: (until: Promise<unknown>) => Promise<Summary>;
}): Promise<ExportResult> {
  await serverStats(options.baseUrl, true);
  const alone = await download(options.baseUrl, options.token);
  const stats = await serverStats(options.baseUrl);
  const busy = download(options.baseUrl, options.token);
  const [loaded, list] = await Promise.all([busy, options.listLoad(busy)]);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    status: alone.status === 200 && loaded.status === 200 ? 200 : Math.max(alone.status, loaded.status),
    rows: options.rows,
    seconds: round(alone.seconds),
    rowsPerSecond: Math.round(options.rows / alone.seconds),
    megabytes: Math.round(alone.bytes / 2 ** 20),
    peakGrowthMb: stats.peakGrowthMb,
    eventLoopP99: stats.eventLoopDelay.p99,
    underLoad: { seconds: round(loaded.seconds), rowsPerSecond: Math.round(options.rows / loaded.seconds), list },
  };
}
