import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { admin, demo, expect, signInAs, storedSession, test } from './fixtures';

// Issue 9 (revFADP): an administrator sees on a person's profile who created, changed, archived
// or exported her; a member downloads everything stored about her from her own profile.

async function api(page: Page, method: 'GET' | 'PUT', path: string, data?: object) {
  const session = await storedSession(page);
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${session?.token ?? ''}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return response.json() as Promise<unknown>;
}

/** A current member of BPW Bern who is none of the demo sign-ins. */
async function someMember(page: Page) {
  const clubs = (await api(page, 'GET', '/club?SortBy=name')) as { items: { id: string; name: string }[] };
  const bern = clubs.items.find((club) => club.name === 'BPW Bern') ?? clubs.items[0]!;
  const list = (await api(page, 'GET', `/person?Clubs=${bern.id}&PersonClubTypes=0&PerPage=10&SortBy=lastname`)) as {
    items: { id: string; firstname: string | null; lastname: string }[];
  };
  return list.items[0]!;
}

test.describe('privacy', () => {
  test.describe.configure({ timeout: 60_000 });

  test('an admin reads a person’s change history on her profile, also on a phone', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, admin);
    const person = await someMember(page);
    // Archived and reactivated by the admin: two entries at the top of the history.
    await api(page, 'PUT', `/person/${person.id}/state`, { state: 90 });
    await api(page, 'PUT', `/person/${person.id}/state`, { state: 0 });

    await page.goto(`/persons/${person.id}`);
    const history = page.getByRole('list', { name: 'Änderungsverlauf' });
    await expect(history).toBeVisible({ timeout: 15_000 });
    const entries = history.getByRole('listitem');
    await expect(entries.nth(0)).toContainText('Reaktiviert');
    await expect(entries.nth(1)).toContainText('Archiviert');
    await expect(entries.nth(0)).toContainText(/\d\d\.\d\d\.\d{4}/);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await history.scrollIntoViewIfNeeded();
    await expect(entries.nth(0)).toBeVisible();
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflows).toBe(false);
    await expectNoAxeViolations(page);
  });

  test('a member downloads all her data as a JSON file from her own profile, with the keyboard', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.member);
    const session = await storedSession(page);
    await page.goto(`/persons/${session!.personId}`);
    await expect(page.getByRole('heading', { name: 'Meine Daten' })).toBeVisible({ timeout: 15_000 });
    // Only administrators see the change history.
    await expect(page.getByRole('heading', { name: 'Änderungsverlauf' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const button = page.getByRole('button', { name: 'Meine Daten herunterladen' });
    await button.focus();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bpw-my-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
      format: string;
      person: { id: string; firstname: string };
      roles: string[];
      auditEntries: { action: string }[];
    };
    expect(data.format).toBe('bpw-own-data');
    expect(data.person.id).toBe(session!.personId);
    expect(`${data.person.firstname}`).toBe(demo.member.name.split(' ')[0]);
    expect(data.roles).toContain('member');
    expect(data.auditEntries[0]?.action).toBe('exported');
    await expect(page.getByText('Ihre Daten wurden heruntergeladen.')).toBeVisible();
  });

  test('a club manager sees neither the history nor the download on a member’s profile', async ({ page }) => {
    await signInAs(page, demo.manager);
    const clubs = (await api(page, 'GET', '/club?SortBy=name')) as { items: { id: string; name: string }[] };
    const zurich = clubs.items.find((club) => club.name === 'BPW Zürich')!;
    const list = (await api(page, 'GET', `/person?Clubs=${zurich.id}&PersonClubTypes=0&PerPage=10`)) as {
      items: { id: string }[];
    };
    const session = await storedSession(page);
    const member = list.items.find((item) => item.id !== session!.personId)!;
    await page.goto(`/persons/${member.id}`);
    await expect(page.getByRole('heading', { name: 'Systeminformationen' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Änderungsverlauf' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Meine Daten' })).toHaveCount(0);
  });
});
