import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../test-database';

/**
 * Each battery test reports its figure ("0 of 812 calls answered unexpectedly"): on the test
 * output, and as a JSON line in .data-test/security-figures.jsonl, from which docs/security.md's
 * table is filled after a run.
 */
const figuresFile = path.join(repoRoot, '.data-test', 'security-figures.jsonl');

export function reportFigure(test: string, figure: string) {
  process.stdout.write(`[security figure] ${test}: ${figure}\n`);
  fs.mkdirSync(path.dirname(figuresFile), { recursive: true });
  const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
  fs.appendFileSync(figuresFile, `${JSON.stringify({ test, figure, database, at: new Date().toISOString() })}\n`);
}
