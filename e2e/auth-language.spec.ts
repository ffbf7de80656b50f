import { demo, expect, signInAs, test } from './fixtures';

// The signed-in person's languageCode sets the interface language (spec 01 §1).
test.describe('the interface language after sign-in', () => {
  test('a French-speaking person gets the French interface', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');

    await signInAs(page, demo.committee);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CH');
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const item of ['Tableau de bord', 'Personnes', 'Clubs', 'Événements', 'Exportation']) {
      await expect(navigation.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(navigation.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page).toHaveTitle('Tableau de bord – BPW Club Manager');
    await expectNoAxeViolations(page);

    // It stays French after a reload.
    await page.reload();
    await expect(navigation.getByRole('link', { name: 'Personnes', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CH');
  });

  test('a German-speaking person who chose French on the login page gets German', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Sprache' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();

    await signInAs(page, demo.manager);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation.getByRole('link', { name: 'Personen', exact: true })).toBeVisible();
    await expect(navigation.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});
