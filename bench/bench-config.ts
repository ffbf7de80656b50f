import path from 'node:path';

/** What the seed and the benchmark share: where PGlite data lives, and the benchmark's sign-in. */
export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The PGlite data directory of the benchmark (its own, so it never touches ./data or tests). */
export const benchDataDir = () => path.resolve(process.env.BENCH_DATA_DIR || path.join(repoRoot, '.data-bench'));

export const benchAdmin = { username: 'bench-admin@example.ch', password: 'Bench-Passw0rd!' } as const;
