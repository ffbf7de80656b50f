import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../test-database';

/**
 * Each reliability test reports its figure ("1,000 writes, 23 kills, 0 partial records"): on the
 * test output, and as a JSON line in .data-test/reliability-figures.jsonl, from which the table
 * in docs/security.md is filled after a run.
 */
const figuresFile = path.join(repoRoot, '.data-test', 'reliability-figures.jsonl');

/** The database the API tests run on in this process (test-database.ts). */
export const testDatabaseKind = (): 'pglite' | 'postgresql' =>
  process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';

export function reportFigure(test: string, database: 'pglite' | 'postgresql', figure: string) {
  process.stdout.write(`[reliability figure] ${test} (${database}): ${figure}\n`);
  fs.mkdirSync(path.dirname(figuresFile), { recursive: true });
  fs.appendFileSync(figuresFile, `${JSON.stringify({ test, database, figure, at: new Date().toISOString() })}\n`);
}
