import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share one machine.
const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://127.0.0.1:${port}`;

function findChromium(): string {
  try {
    const found = execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  return '/usr/bin/chromium';
}

// One fresh data directory per run. The config is evaluated again in each worker, which
// inherits the environment, so the directory is chosen once.
process.env.E2E_DATA_DIR ??= path.join(import.meta.dirname, '.data-test', `e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
/** Where the e2e server writes its mails (.eml), for journeys that follow a mailed link. */
export const e2eMailDir = path.join(dataDir, 'mail-outbox');
fs.mkdirSync(dataDir, { recursive: true });

export const e2eAdmin = { username: 'admin@example.ch', password: 'Admin-Passw0rd!' };
/** The e2e server's HS256 key for access tokens (JWT_SECRET); test use only. */
export const e2eJwtSecret = 'e2e-only-signing-key-not-for-production-0123456789';

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  // CI runs on a shared two-core machine: one retry there, so a journey that lost a race with
  // the load is tried again (the report marks it flaky); a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'de-CH',
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/api/src/main.ts',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      LOG_LEVEL: 'warn',
      // Demo clubs, persons of every role (password Demo-Passw0rd) and events for the journeys.
      DEMO_DATA: '1',
      // A known signing key, so e2e/auth-session.spec.ts can hand the app an expired copy of its
      // own access token (the default 15-minute tokens outlive every journey).
      JWT_SECRET: e2eJwtSecret,
      // The journeys play the proxy where they need addresses of their own (X-Forwarded-For).
      TRUST_PROXY: '127.0.0.1',
      // Passkeys need a host name, not an address: e2e/second-factors.spec.ts opens localhost.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${port}`,
      // e2e/webhooks.spec.ts's receiver listens on 127.0.0.1 (over http): allow-listed, as the
      // server refuses loopback addresses otherwise (docs/decisions/webhooks.md).
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // Parallel runs on one machine may each build the web app into a directory of their own.
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  },
});
