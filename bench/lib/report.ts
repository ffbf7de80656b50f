import type { Summary } from './percentiles';

/** One line of the table: a scenario beside its baseline (the ratio is p95 over the baseline's p95). */
export type Row = {
  key: string;
  label: string;
  available: boolean;
  summary?: Summary;
  baseline?: string;
  eventLoopP99?: number;
  note?: string;
};
export type Target = { name: string; measured: number; limit: number; unit: string; isMet: boolean };

const cell = (value: number | string | undefined, width: number) =>
  (value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? '-' : String(value)).padStart(width);

export function ratioOf(rows: Row[], row: Row): number | undefined {
  const base = rows.find((r) => r.key === row.baseline);
  if (!row.summary || !base?.summary || !base.summary.p95) return undefined;
  return Math.round((row.summary.p95 / base.summary.p95) * 100) / 100;
}

export function formatTable(rows: Row[]): string {
  const head = `${'scenario'.padEnd(34)}${cell('req/s', 9)}${cell('p50 ms', 9)}${cell('p95 ms', 9)}${cell('p99 ms', 9)}${cell('ratio', 7)}  baseline${''.padEnd(12)}${cell('loop p99', 9)}  note`;
  const lines = [head, '-'.repeat(head.length + 10)];
  for (const row of rows) {
    const s = row.summary;
    lines.push(
      `${row.label.padEnd(34)}${cell(s?.rps, 9)}${cell(s?.p50, 9)}${cell(s?.p95, 9)}${cell(s?.p99, 9)}${cell(ratioOf(rows, row), 7)}  ${(row.baseline ?? '').padEnd(20)}${cell(row.eventLoopP99, 9)}  ${row.available ? (row.note ?? '') : 'not available'}${s?.errors ? ` (${s.errors} errors)` : ''}`,
    );
  }
  return lines.join('\n');
}

export function formatTargets(targets: Target[]): string {
  return targets
    .map((t) => `${t.isMet ? 'met    ' : 'NOT MET'}  ${t.name}: ${t.measured} ${t.unit} (limit ${t.limit} ${t.unit})`)
    .join('\n');
}

export const atMost = (name: string, measured: number, limit: number, unit: string): Target => ({
  name,
  measured: Math.round(measured * 100) / 100,
  limit: Math.round(limit * 100) / 100,
  unit,
  isMet: measured <= limit,
});
export const atLeast = (name: string, measured: number, limit: number, unit: string): Target => ({
  ...atMost(name, measured, limit, unit),
  isMet: measured >= limit,
});
