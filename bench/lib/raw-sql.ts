import type { Database } from '../../apps/api/src/db/client';
import { type Summary, summarize } from './percentiles';

/**
 * The database's floor: the very statements a route sends, captured through the database's
 * onQuery hook while the service runs once, then replayed on the driver (no HTTP, no Drizzle)
 * by as many concurrent callers as the HTTP load has connections.
 */
export type Statement = { text: string; params: unknown[] };

export function createRecorder() {
  let recording: Statement[] | undefined;
  return {
    onQuery: (text: string, params: unknown[]) => recording?.push({ text, params }),
    async record(call: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await call();
        return recording;
      } finally {
        recording = undefined;
      }
    },
  };
}

/** Runs `next()`'s statements (together, as the service does) in `concurrency` loops. */
export async function runRawLoad(options: {
  database: Database;
  concurrency: number;
  durationSeconds: number;
  next: () => Statement[];
}): Promise<Summary> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const statements = options.next();
        const at = performance.now();
        try {
          await Promise.all(statements.map((s) => options.database.raw(s.text, s.params)));
        } catch {
          errors++;
        }
        latencies.push(performance.now() - at);
      }
    }),
  );
  return summarize(latencies, (performance.now() - started) / 1000, errors);
}
