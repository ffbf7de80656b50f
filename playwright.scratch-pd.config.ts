import { execSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
const chromium = execSync('command -v chromium || echo /usr/bin/chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  reporter: 'list',
  timeout: 60_000,
  use: {
    baseURL: 'http://127.0.0.1:4193',
    locale: 'de-CH',
    browserName: 'chromium',
    launchOptions: { executablePath: chromium, args: ['--headless', '--no-sandbox', '--disable-gpu'] },
  },
});
