import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { admin, expect, signInAs, test } from './fixtures';
import { runLighthouse } from './lighthouse';

/**
 * The front-end budgets of issue 8, on the production build the e2e server serves
 * (E2E_WEB_DIST_DIR, else apps/web/dist): what the browser really loads for the login route
 * and for the signed-in shell, chunk sizes, lazy pages, and Lighthouse's performance score.
 */
const distDir = path.resolve(process.env.E2E_WEB_DIST_DIR ?? path.join(import.meta.dirname, '../apps/web/dist'));
const assetsDir = path.join(distDir, 'assets');
const KB = 1024;
// The shell's 300 KB: 284 KB once the permission rules' enums (entity state, list filter) are zod-free again.
const budgets = { loginGzip: 150 * KB, shellGzip: 300 * KB, chunkMinified: 500 * KB, lighthouse: 90 };

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The JavaScript files of our own origin a page loads, while `act` runs, by file name. */
async function scriptsLoaded(page: Page, act: () => Promise<void>): Promise<string[]> {
  const files = new Set<string>();
  const listener = (response: { url: () => string; request: () => { resourceType: () => string } }) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.pathname.startsWith('/assets/')) {
      files.add(path.basename(url.pathname));
    }
  };
  page.on('response', listener);
  await act();
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return [...files];
}

function weigh(files: string[]) {
  const sizes = files.map((file) => ({ file, gzip: gzipSize(path.join(assetsDir, file)) }));
  sizes.sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  return { total, report: sizes.map((s) => `${kb(s.gzip).padStart(10)}  ${s.file}`).join('\n') };
}

test.describe('front-end budgets (production build)', () => {
  test.skip(!fs.existsSync(assetsDir), `no production build in ${distDir}`);

  // The login page is a page of its own (login.html): React and its own small code, no MUI,
  // router, i18next or zod (docs/decisions/login-page.md).
  test('the login route loads at most 150 KB of JavaScript (gzip)', async ({ page }) => {
    const files = await scriptsLoaded(page, async () => {
      await page.goto('/login');
      await expect(page.locator('input[name="username"]')).toBeVisible();
    });
    const { total, report } = weigh(files);
    console.log(`login route: ${kb(total)} gzip\n${report}`);
    expect(total, `login route JavaScript\n${report}`).toBeLessThanOrEqual(budgets.loginGzip);
  });

  // The login page and the dashboard as an administrator lands on it (1280 x 720): what is below
  // the fold or waits for a first use (birthday table, club picker, dialogs) loads later, and the
  // shell reads no zod (docs/decisions/signed-in-shell.md).
  test('the signed-in shell loads at most 300 KB of JavaScript (gzip)', async ({ page }) => {
    const files = await scriptsLoaded(page, () => signInAs(page, admin));
    const { total, report } = weigh(files);
    console.log(`signed-in shell (sign-in and first page): ${kb(total)} gzip\n${report}`);
    expect(total, `signed-in JavaScript\n${report}`).toBeLessThanOrEqual(budgets.shellGzip);
  });

  test('no chunk is over 500 KB minified', () => {
    const chunks = fs.readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
    const over = chunks
      .map((file) => ({ file, size: fs.statSync(path.join(assetsDir, file)).size }))
      .filter((c) => c.size > budgets.chunkMinified);
    expect(over, over.map((c) => `${c.file} ${kb(c.size)}`).join(', ')).toEqual([]);
  });

  test('every page is loaded lazily, in a chunk of its own', async ({ page }) => {
    const router = fs.readFileSync(path.join(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8');
    // No page module is imported statically by the router; each is an import() of its route.
    expect(router).not.toMatch(/^import [^;]* from '\.\.\/features\//m);
    const pages = [...router.matchAll(/import\('([^']+)'\)/g)].map((m) => path.basename(m[1]!));
    expect(pages.length).toBeGreaterThan(10);
    const chunks = fs.readdirSync(assetsDir);
    const chunkOf = (name: string) => chunks.find((c) => c.startsWith(`${name}-`) && c.endsWith('.js'));
    expect(pages.filter((name) => !chunkOf(name))).toEqual([]);
    const atLogin = await scriptsLoaded(page, () => page.goto('/login').then(() => undefined));
    const eager = pages.filter((name) => atLogin.includes(chunkOf(name)!));
    expect(eager, 'page chunks loaded by /login').toEqual([]);
  });

  test('Lighthouse rates /login 90 or more for performance', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const result = await runLighthouse(`${baseURL}/login`);
    console.log(`Lighthouse /login: ${result.score} (${result.metrics})`);
    expect(result.score, 'Lighthouse performance of /login').toBeGreaterThanOrEqual(budgets.lighthouse);
  });

  // Not met (docs/performance.md, "Front-end budgets"): /persons 42 to 47 (35 to 43 before issue
  // 20's changes) on the shared 2-core machine at a load of 7.5 to 8.7, where a task lasts three to
  // four times its CPU time. The page now starts in tasks of at most 63 ms CPU (217 ms before);
  // four times that CPU time (Lighthouse's mobile slowdown) still adds up to about 850 ms of
  // blocking: the modules' evaluation, the route chunks' preload links, MUI's locale
  // (Intl.NumberFormat), and the style insertion of MUI's components in the page's two commits.
  test.fixme('Lighthouse rates /persons 90 or more for performance', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signInAs(page, admin);
    const session = await page.evaluate(() => localStorage.getItem('bpw.auth'));
    // /persons needs the sign-in: the same saved session, set before Lighthouse loads the page.
    const result = await runLighthouse(`${baseURL}/persons`, { localStorage: { 'bpw.auth': session! } });
    console.log(`Lighthouse /persons: ${result.score} (${result.metrics})`);
    expect(result.score, 'Lighthouse performance of /persons').toBeGreaterThanOrEqual(budgets.lighthouse);
  });
});
