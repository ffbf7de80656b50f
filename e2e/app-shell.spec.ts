import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';

test.describe('app shell for a visitor', () => {
  test('the login page shows the login card', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page).toHaveTitle('Anmelden – BPW Clubmanager');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('the public event list opens without signing in', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/events-public');
    await expect(page.getByRole('heading', { level: 1, name: 'Anlässe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a visitor who opens a person page is sent to the login page', async ({ page, expectNoAxeViolations }) => {
    const personPath = `/persons/${randomUUID()}`;
    await page.goto(personPath);
    // The login page is a page of its own: the way back travels in the query (issue 8).
    await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(personPath)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown path shows the not-found page', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the language switcher changes the interface language', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Sprache' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CH');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  });
});

test.describe('login page on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fits 360 px and enables Login only when valid and terms accepted', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Anmelden' });
    await expect(login).toBeDisabled();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);

    await page.getByLabel('Benutzername (E-Mail)').fill('not-an-address');
    await page.getByLabel('Passwort', { exact: true }).fill('secret');
    await expect(page.getByText('Benutzername (E-Mail) ist keine gültige E-Mail-Adresse')).toBeVisible();
    await page.getByLabel('Benutzername (E-Mail)').fill('member@example.ch');
    await expect(login).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
    await expect(login).toBeEnabled();

    await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveAttribute('type', 'text');

    await page.getByRole('button', { name: 'Nutzungsbedingungen lesen' }).click();
    const terms = page.getByRole('dialog', { name: 'Nutzungsbedingungen' });
    await expect(terms).toBeVisible();
    await expectNoAxeViolations(page);
    await terms.getByRole('button', { name: 'Schliessen' }).click();
    await expect(terms).toBeHidden();
    await expectNoAxeViolations(page);
  });
});
