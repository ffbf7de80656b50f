import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { admin, expect, test } from './fixtures';

// Needs GET export (xlsx with Content-Disposition) and GET club.
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Benutzername (E-Mail)').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

const formats = [
  ['Alle Daten', 'allData'],
  ['E-Mail-Verteiler', 'emailList'],
  ['Adressliste', 'addressList'],
  ['Badgeliste', 'badgeList'],
  ['Nur Stammdaten', 'onlyMainData'],
] as const;

test.describe('export', () => {
  test('an admin downloads each export format as a named, non-empty xlsx', async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    await signIn(page, admin.username, admin.password);
    await page.goto('/export');
    await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
    await expectNoAxeViolations(page);

    for (const [label, name] of formats) {
      await page.getByRole('combobox', { name: 'Format' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
      const personOptions = page.getByRole('combobox', { name: 'Personenauswahl' });
      if (name === 'onlyMainData') await expect(personOptions).toHaveAttribute('aria-disabled', 'true');
      else await expect(personOptions).not.toHaveAttribute('aria-disabled', 'true');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Herunterladen' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^export-${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const content = await fs.readFile(await file.path());
      expect(content.length).toBeGreaterThan(1000);
      // An xlsx is a zip archive.
      expect(content.subarray(0, 2).toString('latin1')).toBe('PK');
    }
  });

  test('person filters are cleared for main data; a club manager cannot choose it', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signIn(page, admin.username, admin.password);
    await page.goto('/export');
    const personOptions = page.getByRole('combobox', { name: 'Personenauswahl' });
    await personOptions.click();
    await page.getByRole('option', { name: 'Aktuelle Mitglieder', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(personOptions).toContainText('Aktuelle Mitglieder');
    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'Nur Stammdaten' }).click();
    await expect(personOptions).not.toContainText('Aktuelle Mitglieder');
    await expect(personOptions).toHaveAttribute('aria-disabled', 'true');

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Abmelden' }).click();
    // The logout leaves for the login page on its own; a navigation of ours would cancel it.
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'manager@example.ch', 'Demo-Passw0rd');
    await page.goto('/export');
    await page.getByRole('combobox', { name: 'Format' }).click();
    await expect(page.getByRole('option')).toHaveCount(4);
    await expect(page.getByRole('option', { name: 'Nur Stammdaten' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Clubs' }).click();
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
  });
});
