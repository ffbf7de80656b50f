import { admin, expect, test } from './fixtures';

test.describe('forgotten password', () => {
  test('asks for confirmation, then says a link is on its way', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/login');
    await page.getByLabel('Benutzername (E-Mail)').fill(admin.username);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    await expect(page.getByLabel('E-Mail', { exact: true })).toHaveValue(admin.username);

    await page.getByRole('button', { name: 'Link senden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Passwort anfordern' });
    await expect(dialog).toContainText(admin.username);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Link senden' }).click();

    await expect(page.getByText('Sie erhalten in Kürze eine E-Mail mit einem Link')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  });

  test('the set-password page checks the rules and shows the server errors', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto('/reset-password?token=not-a-real-link');
    await expect(page).toHaveTitle('Neues Passwort setzen – BPW Clubmanager');
    const password = page.getByLabel('Neues Passwort', { exact: true });
    const repeat = page.getByLabel('Passwort wiederholen');
    await password.fill('weak');
    await repeat.fill('other');
    await repeat.blur();
    await expect(page.getByText('Neues Passwort ist ungültig.')).toBeVisible();
    await password.fill('Strong-Passw0rd');
    await repeat.fill('Strong-Passw0rd!');
    await repeat.blur();
    await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
    await expectNoAxeViolations(page);

    await repeat.fill('Strong-Passw0rd');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Passwort speichern' })).toBeVisible();
  });

  test('a link without token says so and leads to the login', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('Dieser Link ist unvollständig.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
