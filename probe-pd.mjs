import { chromium } from '@playwright/test';
import { execSync } from 'node:child_process';
const exe = execSync('command -v chromium || echo /usr/bin/chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
const browser = await chromium.launch({ executablePath: exe, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const base = 'http://127.0.0.1:4193';
const [user, id, tags] = [process.argv[2], process.argv[3], (process.argv[4] ?? 'wide,phone').split(',')];
const sizes = { wide: [1280, 900], phone: [360, 740] };
for (const tag of tags) {
  const [w, h] = sizes[tag];
  const page = await browser.newPage({ viewport: { width: w, height: h }, locale: 'de-CH' });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await page.goto(base + '/login');
  await page.fill('input[name="username"]', user);
  await page.fill('input[name="password"]', user.startsWith('admin') ? 'Admin-Passw0rd!' : 'Demo-Passw0rd');
  await page.check('input[name="acceptedTerms"]');
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`${base}/persons/${id}`);
  await page.getByRole('tab', { name: 'Profil' }).waitFor();
  for (const tab of ['Profil', 'Kontakt', 'Clubs', 'Rechte', 'Benachrichtigungen']) {
    const t = page.getByRole('tab', { name: tab });
    if (await t.count()) { await t.click(); await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/pdexplore/${tag}-${tab}.png`, fullPage: true }); }
  }
  await page.getByRole('button', { name: 'Aktionen' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/pdexplore/${tag}-menu.png` });
  await page.close();
}
await browser.close();
