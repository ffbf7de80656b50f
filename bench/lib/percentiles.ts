/** Latency summary of one scenario, in milliseconds; `rps` is completed requests per second. */
export type Summary = { requests: number; rps: number; p50: number; p95: number; p99: number; errors: number };

export function summarize(latencies: number[], seconds: number, errors = 0): Summary {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    errors,
  };
}
