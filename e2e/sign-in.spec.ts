import { admin, expect, test } from './fixtures';

// Needs the API's auth and person routes (POST auth/authenticate, GET person/{id}).
test.describe('signing in', () => {
  test('wrong credentials show the server messages in the card', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Benutzername (E-Mail)').fill(admin.username);
    await page.getByLabel('Passwort', { exact: true }).fill('wrong-password');
    await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
    await page.getByLabel('Passwort', { exact: true }).press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Anmeldung fehlgeschlagen');
    await expect(alert).toContainText('Benutzername oder Passwort'); // the server's own message
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the administrator signs in, sees the shell and logs out', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/login');
    await page.getByLabel('Benutzername (E-Mail)').fill(admin.username);
    await page.getByLabel('Passwort', { exact: true }).fill(admin.password);
    await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const item of ['Dashboard', 'Personen', 'Clubs', 'Anlässe', 'Anlasskategorien', 'Export']) {
      await expect(navigation.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    // Earlier journeys of the run may have notified the admin (an erasure request, say).
    await expect(page.getByRole('button', { name: /^Benachrichtigungen: \d+ ungelesen$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await navigation.getByRole('link', { name: 'Clubs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
    await expect(page).toHaveTitle('Clubs – BPW Clubmanager');

    await navigation.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/clubs');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the shell works on a phone with a menu toggle', async ({ page, expectNoAxeViolations }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await page.getByLabel('Benutzername (E-Mail)').fill(admin.username);
    await page.getByLabel('Passwort', { exact: true }).fill(admin.password);
    await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation).toBeVisible();
    await expectNoAxeViolations(page);
    await navigation.getByRole('link', { name: 'Personen', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Personen' })).toBeVisible();
    await expect(navigation).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
