import type { Page } from '@playwright/test';
import { demo, expect, expectNoHorizontalScroll, signInAs, storedSession, test } from './fixtures';

// Issue 25: "My page" gathers what concerns a member: her profile, clubs, registrations, calendar
// feed, sign-ins, who can see her, her consent log and the download of her data.

async function api(page: Page, method: 'GET' | 'PUT', path: string, data?: object) {
  const session = await storedSession(page);
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${session?.token ?? ''}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

test.describe('my page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member reaches her page from the navigation, sees who can see her and her consent log, by keyboard and on a phone', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.member);
    const session = await storedSession(page);
    const personId = session!.personId;
    // She turns her profile visibility (every update accepts its GET's shape): one consent entry.
    const person = await api(page, 'GET', `/person/${personId}`);
    await api(page, 'PUT', `/person/${personId}`, { ...person, isProfilePublic: !person.isProfilePublic });

    await page.getByRole('link', { name: 'Meine Seite' }).first().click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Seite' })).toBeVisible({ timeout: 15_000 });
    for (const name of [
      'Mein Profil',
      'Meine Clubs und Funktionen',
      'Meine Anmeldungen',
      'Anmeldungen am Konto',
      'Wer mich sieht',
      'Einwilligungen',
      'Meine Daten',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Meine Clubs und Funktionen' })).toContainText('BPW Zürich');

    const visibility = page.getByRole('list', { name: 'Wer mich sieht' });
    await expect(visibility).toContainText('Verantwortliche von BPW Zürich');
    await expect(visibility).toContainText('Ihren Geburtstag');
    await expect(visibility).toContainText('Alle Angemeldeten');

    const consent = page.getByRole('list', { name: 'Einwilligungen' });
    await expect(consent.getByRole('listitem').first()).toContainText('Profil öffentlich');
    await expect(consent.getByRole('listitem').first()).toContainText('Selbst geändert');
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Seite' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // By keyboard: the profile button opens her profile.
    const open = page.getByRole('link', { name: 'Mein Profil öffnen' });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/persons/${personId}$`));
    // Her profile shows the consent log too.
    await expect(page.getByRole('heading', { name: 'Einwilligungen' })).toBeVisible({ timeout: 15_000 });
  });
});
