import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/**
 * The worker module beside `base` (a caller's `import.meta.url`) named `name`, as TypeScript
 * source when the caller runs as such (tsx, vitest), else as the built JavaScript.
 */
export const workerModuleUrl = (name: string, base: string) =>
  new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);

/**
 * The API runs as TypeScript through tsx, whose loader Node 20 does not carry into worker threads:
 * such a thread loads tsx first, then the worker module through it.
 */
const TSX_BOOT = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.url, workerData.url));`;

/**
 * A worker thread running the module at `url` (workerModuleUrl): the invoice PDF pool (issue 17)
 * and the export's sheet thread (issue 20). Work goes to it by message.
 */
export function startModuleWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  return new Worker(TSX_BOOT, { eval: true, workerData: { url: url.href, tsx: tsxEsmApi() } });
}

/** tsx's ESM API (`tsx/esm/api` under the import condition), as a file URL. */
function tsxEsmApi() {
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: { './esm/api': { import: { default: string } } } };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href;
}
