import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../bench-config';

/** The fee-run scenario's figures (issue 17), as bench/fee-run.ts prints them. */
export type FeeRunResult = {
  database: string;
  members: number;
  invoices: number;
  createSeconds: number;
  invoicesPerSecond: number;
  createPeakRssGrowthMb: number;
  pdfs: number;
  pdfsPerSecond: number;
  pdfPeakRssGrowthMb: number;
  worstEventLoopPauseMs: number;
};

/**
 * Runs bench/fee-run.ts in its own process (its own fresh database beside DATABASE_URL, or
 * PGlite): `members` members invoiced by one run of all clubs, then its PDF job for a while.
 */
export function measureFeeRun(options: { databaseUrl: string | undefined; members: number; pdfSeconds: number }) {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'bench', 'fee-run.ts'),
      '--invoices',
      String(options.members),
      '--pdf-seconds',
      String(options.pdfSeconds),
    ],
    {
      cwd: path.join(repoRoot, 'apps', 'api'),
      env: { ...process.env, ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const line = child.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (child.status !== 0 || !line) throw new Error(`fee-run bench failed: ${child.stderr.slice(-2000)}`);
  return JSON.parse(line) as FeeRunResult;
}
