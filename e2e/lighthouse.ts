import { execSync } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own driver (a dependency of the lighthouse package), to prepare the page it audits.
import puppeteer from 'puppeteer-core';

/**
 * One Lighthouse performance run (the npm package, its default mobile settings with simulated
 * throttling) in Debian's chromium, headless. Local storage entries are set on the origin
 * first and kept (disableStorageReset), so a signed-in page can be audited.
 */
function chromiumPath(): string {
  try {
    return execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim() || '/usr/bin/chromium';
  } catch {
    return '/usr/bin/chromium';
  }
}

export async function runLighthouse(
  url: string,
  options: { localStorage?: Record<string, string> } = {},
): Promise<{ score: number; metrics: string }> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const entries = Object.entries(options.localStorage ?? {});
    if (entries.length) {
      await page.goto(new URL('/favicon.svg', url).toString());
      await page.evaluate((items) => {
        for (const [key, value] of items) localStorage.setItem(key, value);
      }, entries);
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      undefined,
      page as never,
    );
    const lhr = result!.lhr;
    const metric = (id: string) => `${id} ${lhr.audits[id]?.displayValue ?? '-'}`;
    await browser.disconnect();
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      metrics: [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map(metric)
        .join(', '),
    };
  } finally {
    chrome.kill();
  }
}
