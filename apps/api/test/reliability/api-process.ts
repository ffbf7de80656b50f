import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../test-database';

/** A port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ApiProcess = {
  baseUrl: string;
  /** Resolves once GET health answers 200; rejects when the process exits first. */
  ready: Promise<void>;
  /** Resolves with the exit code or signal when the process has ended. */
  exited: Promise<string>;
  kill: (signal: NodeJS.Signals) => void;
  /** The last of what the process logged (warnings, errors, start-up failures). */
  errorOutput: () => string;
};

/**
 * The real API (`apps/api/src/main.ts`) as its own process, the way `npm start` runs it, with
 * tsx as an import hook so one process holds the database: a SIGKILL kills exactly the server,
 * no wrapper survives it.
 */
export function startApiProcess(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; logFile?: string } = {},
): ApiProcess {
  const port = env.PORT!;
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'api', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(repoRoot, '.data-test', 'no-web-build'),
      // The writers play the proxy: each client sends its own X-Forwarded-For (crash-writes.ts).
      TRUST_PROXY: '127.0.0.1',
      // The writers sign admins in with a password (docs/decisions/two-factor.md).
      SECOND_FACTOR_REQUIRED: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The logs (warnings and errors only; never personal data) and start-up failures.
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
    if (options.logFile) fs.appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
  });
  const ready = (async () => {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
    let hasExited = false;
    void exited.then(() => {
      hasExited = true;
    });
    while (Date.now() < deadline) {
      if (hasExited) throw new Error(`the API exited during start-up: ${stderr.slice(-2000)}`);
      try {
        const res = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the API did not become ready: ${stderr.slice(-2000)}`);
  })();
  ready.catch(() => undefined);
  return { baseUrl, ready, exited, kill: (signal) => child.kill(signal), errorOutput: () => stderr };
}
