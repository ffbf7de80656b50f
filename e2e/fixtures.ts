import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eJwtSecret, e2eMailDir } from '../playwright.config';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
    return `${violation.impact}: ${violation.id} – ${violation.help} (${targets})`;
  });
}

export const test = base.extend<{ expectNoAxeViolations: (page: Page) => Promise<void> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take an object pattern
  expectNoAxeViolations: async ({}, use) => {
    await use(async (page) => {
      // A menu or dialog still fading in or out has low opacity, which axe reads as low contrast.
      // Spinners animate forever and are left alone.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      );
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(describeViolations(blocking), 'axe found serious or critical violations').toEqual([]);
    });
  },
});

export { expect };

/**
 * The page is no wider than the window. Polled: after a change of the viewport the layout
 * follows with a render (media queries read in React), and a single look could come before it.
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** The first administrator the e2e server creates (see playwright.config.ts). */
export const admin = { username: 'admin@example.ch', password: 'Admin-Passw0rd!' };

/** A sign-in of the e2e server. */
export interface Account {
  username: string;
  password: string;
}

/** The password of every demo account (apps/api/src/db/demo/demo-accounts.ts). */
export const demoPassword = 'Demo-Passw0rd';

/** The demo sign-ins the e2e server creates with DEMO_DATA=1 (see demo-accounts.ts). */
export const demo = {
  /** Sandra Meier: club manager (database responsible) of BPW Zürich; German. */
  manager: { username: 'manager@example.ch', password: demoPassword, name: 'Sandra Meier' },
  /** Laura Brunner: event manager of BPW Zürich; German. */
  events: { username: 'events@example.ch', password: demoPassword, name: 'Laura Brunner' },
  /** Julia Widmer: member of BPW Zürich; German. */
  member: { username: 'member@example.ch', password: demoPassword, name: 'Julia Widmer' },
  /** Monique Favre: central committee, member of BPW Lausanne; French (languageCode fr). */
  committee: { username: 'committee@example.ch', password: demoPassword, name: 'Monique Favre' },
} as const;

/**
 * Signs in through the login card and waits until the app has left /login. The form is found by
 * its field names, so this works in any interface language.
 */
export async function signInAs(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="username"]') });
  await form.locator('input[name="username"]').fill(account.username);
  await form.locator('input[name="password"]').fill(account.password);
  await form.locator('input[name="acceptedTerms"]').check();
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 15_000 });
}

/** The user state the web app keeps in localStorage (`bpw.auth`), or null when signed out. */
export interface StoredSession {
  token: string;
  refreshToken: string;
  personId: string;
  person?: { id: string; firstname: string | null; lastname: string; languageCode: string };
}

export async function storedSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('bpw.auth');
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  });
}

/** The claims of a JWT, unverified. */
export function claimsOf(token: string): Record<string, unknown> & { exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
    iat: number;
  };
}

/**
 * The same access token as if its lifetime had run out `secondsAgo` seconds ago: same header and
 * claims, earlier `iat` and `exp`, signed with the e2e server's key (JWT_SECRET). The server
 * answers it exactly as an expired one of its own: 401 with `Token-Expired: true`.
 */
export function expiredCopyOf(token: string, secondsAgo = 60): string {
  const [header] = token.split('.');
  const claims = claimsOf(token);
  const exp = Math.floor(Date.now() / 1000) - secondsAgo;
  const payload = Buffer.from(JSON.stringify({ ...claims, iat: exp - (claims.exp - claims.iat), exp })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', e2eJwtSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Replaces the access token the web app keeps (the refresh token stays). */
export async function replaceStoredToken(page: Page, token: string): Promise<void> {
  await page.evaluate((next) => {
    const session = JSON.parse(window.localStorage.getItem('bpw.auth') ?? 'null') as Record<string, unknown> | null;
    if (!session) throw new Error('Not signed in.');
    window.localStorage.setItem('bpw.auth', JSON.stringify({ ...session, token: next }));
  }, token);
}

/** The mail files (.eml) the e2e server has written so far. */
export async function listMails(): Promise<Set<string>> {
  try {
    return new Set((await fs.readdir(e2eMailDir)).filter((name) => name.endsWith('.eml')));
  } catch {
    return new Set(); // no mail yet: the outbox creates the directory with the first one
  }
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * Waits (up to `timeoutMs`) for a mail to `to` that is not in `before`, and answers the newest
 * one's text, quoted-printable decoded.
 */
export async function waitForMail(to: string, before: Set<string>, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const recipient = new RegExp(`^To:.*\\b${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'im');
  for (;;) {
    const fresh = [...(await listMails())].filter((name) => !before.has(name));
    const mails = await Promise.all(
      fresh.map(async (name) => {
        const file = path.join(e2eMailDir, name);
        const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
        return { text, modified: stat.mtimeMs };
      }),
    );
    const newest = mails.filter((mail) => recipient.test(mail.text)).sort((a, b) => b.modified - a.modified)[0];
    if (newest) return decodeQuotedPrintable(newest.text);
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms in ${e2eMailDir}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of the set-password link in a mail (`/reset-password?token=…`). */
export function passwordLinkIn(mail: string): string {
  const match = /https?:\/\/[^\s"<>]+(\/reset-password\?token=[^\s"<>&]+)/.exec(mail);
  if (!match?.[1]) throw new Error('The mail holds no /reset-password link.');
  return match[1];
}
