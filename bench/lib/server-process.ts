import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDataDir, repoRoot } from '../bench-config';

/** The bench server (bench/server.ts) as its own process, so the load generator has its own thread. */
export type ServerProcess = { baseUrl: string; pid: number; stop: () => Promise<void> };

export async function startServer(options: {
  databaseUrl: string | undefined;
  port: number;
  /** PGlite: a data directory other than the benchmark's (bench/mailing.ts seeds its own). */
  dataDir?: string;
  /** More environment for the server (bench/mailing.ts: BENCH_BACKGROUND, MAILING_RATE_PER_MINUTE). */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-bench-mail-'));
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (see docs/performance.md).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--expose-gc', '--import', 'tsx', 'bench/server.ts'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        // PGlite data, or (on PostgreSQL) only the mail outbox's .eml files.
        DATA_DIR: options.databaseUrl ? mailDir : (options.dataDir ?? benchDataDir()),
        DATABASE_URL: options.databaseUrl ?? '',
        // Request logs are the same fixed cost on every route; the benchmark leaves them out.
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'bench-only-signing-key-0123456789-0123456789',
        ACCESS_TOKEN_TTL_SECONDS: '7200',
        WEB_DIST_DIR: path.join(mailDir, 'no-web'),
        SMTP_URL: '',
        // The load generator plays the proxy: its X-Forwarded-For gives each visitor an address.
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
      },
    },
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (waited > 180_000) throw new Error('bench server did not start within 3 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

export type ServerStats = {
  eventLoopDelay: { p50: number; p99: number; max: number };
  rssMb: number;
  peakRssMb: number;
  peakGrowthMb: number;
  routes: string[];
};

export async function serverStats(baseUrl: string, reset = false): Promise<ServerStats> {
  const res = await fetch(`${baseUrl}/bench/stats${reset ? '?reset=1' : ''}`);
  return (await res.json()) as ServerStats;
}
