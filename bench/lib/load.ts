import autocannon, { type AutocannonRequest } from 'autocannon';
import { type Summary, summarize } from './percentiles';

/**
 * One autocannon run: no pipelining, a fixed number of connections and a fixed duration. The
 * latencies are taken from every response (autocannon's own table has no p95), and any answer
 * that is not 2xx counts as an error, so a scenario that fails cannot pass for a fast one.
 */
export type LoadOptions = {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The path of each request (called once per request, so paths and bodies can vary). */
  next: () => { path: string; body?: string; headers?: Record<string, string> };
  /** Resolves to stop early (the export scenario stops the list load when the file is done). */
  until?: Promise<unknown>;
};

export function runLoad(options: LoadOptions): Promise<Summary & { statusCodes: Record<string, number> }> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const request: AutocannonRequest = {
    method: options.method ?? 'GET',
    setupRequest: (req) => {
      const { path, body, headers } = options.next();
      const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      return {
        ...req,
        path,
        ...(body === undefined ? {} : { body }),
        headers: { ...req.headers, ...json, ...headers },
      };
    },
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSeconds,
        timeout: 60,
        headers: { ...options.headers },
        requests: [request],
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = (performance.now() - started) / 1000;
        resolve({ ...summarize(latencies, seconds, errors + result.errors + result.timeouts), statusCodes });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode < 200 || statusCode > 299) errors++;
      latencies.push(responseTime);
    });
    void options.until?.then(() => instance.stop());
  });
}

/** Cycles through a list. */
export function rotate<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}
