import { admin, demo, expect, signInAs, storedSession, test } from './fixtures';
import type { Page } from '@playwright/test';

// The menu per role (spec 01 §2 app shell, §6): Dashboard and Export for admins, club managers
// and the central committee; Event categories for admins only; Persons, Clubs, Events for all.

const mainNavigation = (page: Page, name = 'Hauptnavigation') => page.getByRole('navigation', { name });

async function expectMenu(page: Page, visible: string[], hidden: string[], navigationName?: string) {
  const navigation = mainNavigation(page, navigationName);
  for (const item of visible) {
    await expect(navigation.getByRole('link', { name: item, exact: true }), item).toBeVisible();
  }
  for (const item of hidden) {
    await expect(navigation.getByRole('link', { name: item, exact: true }), item).toHaveCount(0);
  }
}

test.describe('the menu follows the role', () => {
  test('the administrator sees every item and the locale in the footer', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectMenu(page, ['Dashboard', 'Personen', 'Clubs', 'Anlässe', 'Anlasskategorien', 'Export'], []);
    await expect(page.getByRole('contentinfo')).toContainText('Sprache: de-CH');
    await expectNoAxeViolations(page);
  });

  test('a club manager sees Dashboard and Export, not Event categories; her profile opens her page', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.manager);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard – BPW Clubmanager');
    await expectMenu(page, ['Dashboard', 'Personen', 'Clubs', 'Anlässe', 'Export'], ['Anlasskategorien']);
    // The locale in the footer is for administrators only.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('button', { name: 'Nutzungsbedingungen' })).toBeVisible();
    await expect(footer).not.toContainText('Sprache:');
    await expectNoAxeViolations(page);

    // Avatar, name and primary club at the top of the navigation; a click opens the own page.
    const profile = mainNavigation(page).getByRole('link', { name: /Sandra Meier/ });
    await expect(profile).toContainText('BPW Zürich');
    await expect(profile.locator('.MuiAvatar-root')).toBeVisible();
    const personId = (await storedSession(page))?.personId ?? 'no-session';
    await profile.click();
    await expect(page).toHaveURL(new RegExp(`/persons/${personId}$`));

    await mainNavigation(page).getByRole('link', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
    await expect(page).toHaveTitle('Export – BPW Clubmanager');
  });

  test('the central committee sees Dashboard and Export, not Event categories', async ({
    page,
    expectNoAxeViolations,
  }) => {
    // Monique Favre speaks French: the menu comes in French.
    await signInAs(page, demo.committee);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectMenu(
      page,
      ['Tableau de bord', 'Personnes', 'Clubs', 'Événements', 'Exportation'],
      ["Catégories d'événements"],
      'Navigation principale',
    );
    await expectNoAxeViolations(page);
  });

  test('a member sees neither Dashboard nor Export nor Event categories, and home is the persons list', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.member);
    await expect(page).toHaveURL(/\/persons$/);
    await expectMenu(page, ['Personen', 'Clubs', 'Anlässe'], ['Dashboard', 'Export', 'Anlasskategorien']);
    await expect(mainNavigation(page).getByRole('link', { name: /Julia Widmer/ })).toContainText('BPW Zürich');
    await expect(page.getByRole('contentinfo')).not.toContainText('Sprache:');
    await expectNoAxeViolations(page);

    await page.goto('/');
    await expect(page).toHaveURL(/\/persons$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/persons$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Personen' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
