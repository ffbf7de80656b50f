import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../bench-config';
import type { Summary } from './percentiles';

/** The mailing scenario's figures (issue 18), as bench/mailing.ts prints them (medians of the rounds). */
export type MailingResult = {
  database: string;
  recipients: number;
  ratePerMinute: number;
  seedSeconds: number;
  queueSeconds: number;
  listAloneP95: number;
  listWhileSendingP95: number;
  p95Change: number;
  rateCheckPlan: string | undefined;
  rounds: {
    queueSeconds: number;
    listAloneBefore: Summary;
    listWhileSending: Summary;
    listAloneAfter: Summary;
    p95Change: number;
  }[];
};

/**
 * Runs bench/mailing.ts in its own process (its own fresh database beside DATABASE_URL, or
 * PGlite, and its own API process): a mailing to `recipients` members queued, and the person
 * list's p95 while it sends against the list alone, `rounds` times.
 */
export function measureMailing(options: { databaseUrl: string | undefined; recipients: number; rounds: number }) {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'bench', 'mailing.ts'),
      '--recipients',
      String(options.recipients),
      '--rounds',
      String(options.rounds),
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
  if (child.status !== 0 || !line) throw new Error(`mailing bench failed: ${child.stderr.slice(-2000)}`);
  return JSON.parse(line) as MailingResult;
}
