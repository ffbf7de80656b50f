import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../bench-config';

/**
 * Runs a benchmark script of bench/ in its own process (its own fresh database beside
 * DATABASE_URL, or PGlite) and answers the JSON line it prints last.
 */
export function runBenchScript<T>(script: string, args: readonly string[], databaseUrl: string | undefined): T {
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', script), ...args], {
    cwd: path.join(repoRoot, 'apps', 'api'),
    env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (child.status !== 0 || !line) throw new Error(`${script} failed: ${child.stderr.slice(-2000)}`);
  return JSON.parse(line) as T;
}
