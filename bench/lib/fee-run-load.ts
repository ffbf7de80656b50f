import { runBenchScript } from './bench-script';

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
  return runBenchScript<FeeRunResult>(
    'fee-run.ts',
    ['--invoices', String(options.members), '--pdf-seconds', String(options.pdfSeconds)],
    options.databaseUrl,
  );
}
