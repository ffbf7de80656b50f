import { demo, expect, test } from './fixtures';

test.describe('the login card', () => {
  test('Login stays disabled until the terms are accepted; the terms dialog closes with Escape', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Anmelden' });
    const terms = page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' });
    await page.getByLabel('Benutzername (E-Mail)').fill(demo.manager.username);
    await page.getByLabel('Passwort', { exact: true }).fill(demo.manager.password);
    await expect(terms).not.toBeChecked();
    await expect(login).toBeDisabled();
    // Enter does not sign in without the terms either.
    await page.getByLabel('Passwort', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/login$/);

    await terms.check();
    await expect(login).toBeEnabled();
    await terms.uncheck();
    await expect(login).toBeDisabled();

    const readTerms = page.getByRole('button', { name: 'Nutzungsbedingungen lesen' });
    await readTerms.click();
    const dialog = page.getByRole('dialog', { name: 'Nutzungsbedingungen' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('ausschliesslich für das persönliche Networking');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(readTerms).toBeFocused();
    await expect(login).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('the card is disabled while the sign-in runs', async ({ page, expectNoAxeViolations }) => {
    // Hold the sign-in call until the disabled card has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/authenticate', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/login');
    await page.getByLabel('Benutzername (E-Mail)').fill(demo.manager.username);
    await page.getByLabel('Passwort', { exact: true }).fill(demo.manager.password);
    await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
    await page.getByRole('button', { name: 'Anmelden' }).click();

    const card = page.getByRole('region', { name: 'Anmelden' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(page.getByLabel('Benutzername (E-Mail)')).toBeDisabled();
    await expect(page.getByLabel('Passwort', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Passwort anzeigen' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Nutzungsbedingungen lesen' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Passwort vergessen?' })).toBeDisabled();
    await expectNoAxeViolations(page);

    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
