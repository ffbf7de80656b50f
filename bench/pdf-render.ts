import os from 'node:os';
import { parseArgs } from 'node:util';
import { createPdfRenderer } from '../apps/api/src/features/invoices/invoice-pdf-pool';
import { benchInvoiceDocument } from './lib/bench-invoice';

/**
 * npm run bench:pdf-render --workspace apps/api [-- --count 1000 --rounds 5 --threads 1]
 *
 * Issue 17: the invoice PDF renderer alone, no database: `count` invoices (four languages, QR
 * references, two positions) rendered as the PDF job does, in batches of 25 with the next batch
 * rendering while the last one is handed on, `rounds` times after one round of warm-up.
 * `--threads 0` renders on the main thread, N in a pool of N worker threads (the default is the
 * app's: one less than the cores, at least one). Prints one JSON line: each round's PDFs a second
 * and the process's CPU time a PDF (all threads), their medians, the average size, the load.
 * The CPU time a PDF varies less than the rate on a shared machine.
 */
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    threads: { type: 'string' },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);
const renderer = createPdfRenderer(values.threads === undefined ? {} : { threads: Number(values.threads) });
const BATCH = 25;

async function round() {
  let bytes = 0;
  const batches = Math.ceil(count / BATCH);
  const batch = (b: number) =>
    renderer.render(
      Array.from({ length: Math.min(BATCH, count - b * BATCH) }, (_, i) => ({
        document: benchInvoiceDocument(b * BATCH + i + 1),
      })),
    );
  let next = batch(0);
  for (let b = 0; b < batches; b++) {
    const pdfs = await next;
    if (b + 1 < batches) next = batch(b + 1);
    for (const pdf of pdfs) bytes += pdf.length;
  }
  return bytes;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const rates: number[] = [];
const cpuMs: number[] = [];
let bytes = 0;
const loadStart = os.loadavg()[0]!;
await round(); // warm-up: thread start, JIT
for (let r = 0; r < rounds; r++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  bytes = await round();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  rates.push(Math.round((count / seconds) * 10) / 10);
  cpuMs.push(Math.round(((used.user + used.system) / 1000 / count) * 100) / 100);
}
await renderer.close();
console.log(
  JSON.stringify({
    count,
    threads: values.threads === undefined ? 'default' : Number(values.threads),
    pdfsPerSecond: rates,
    medianPdfsPerSecond: median(rates),
    cpuMsPerPdf: cpuMs,
    medianCpuMsPerPdf: median(cpuMs),
    averageKb: Math.round((bytes / count / 1024) * 10) / 10,
    loadAverage: [Math.round(loadStart * 100) / 100, Math.round(os.loadavg()[0]! * 100) / 100],
  }),
);
