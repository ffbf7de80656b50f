import type { APIRequestContext } from '@playwright/test';
import { type Account, demo, expect, listMails, passwordLinkIn, signInAs, test, waitForMail } from './fixtures';

/**
 * Gives the account its demo password back through a fresh mailed link, so later journeys can
 * sign in as usual whatever happened in the test.
 */
async function restorePassword(request: APIRequestContext, account: Account) {
  const before = await listMails();
  const asked = await request.post('/api/v1/auth/reset-password', { data: { email: account.username } });
  expect(asked.ok(), `reset-password answered ${asked.status()}`).toBe(true);
  const token = new URL(passwordLinkIn(await waitForMail(account.username, before)), 'http://e2e').searchParams.get(
    'token',
  );
  const set = await request.post('/api/v1/auth/set-password', { data: { token, password: account.password } });
  expect(set.ok(), `set-password answered ${set.status()}`).toBe(true);
}

test.describe('forgotten password through the mailed link', () => {
  test('the link sets a new password once; the old one stops working', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    // Five password hashes (two sign-ins, three new passwords) besides the pages: on a loaded
    // two-core machine the journey and its clean-up took longer than the default 30 s.
    test.setTimeout(60_000);
    const member = demo.member;
    const newPassword = 'Frisch-Gesetzt-42';
    try {
      const before = await listMails();
      await page.goto('/login');
      await page.getByLabel('Benutzername (E-Mail)').fill(member.username);
      await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
      await page.getByRole('button', { name: 'Link senden' }).click();
      await page
        .getByRole('dialog', { name: 'Neues Passwort anfordern' })
        .getByRole('button', { name: 'Link senden' })
        .click();
      await expect(page.getByText('Sie erhalten in Kürze eine E-Mail mit einem Link')).toBeVisible();

      const link = passwordLinkIn(await waitForMail(member.username, before));
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort setzen' })).toBeVisible();
      await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
      await page.getByLabel('Passwort wiederholen').fill(newPassword);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await expect(page.getByText('Ihr neues Passwort ist gespeichert.')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
      await expect(page).toHaveURL(/\/login$/);

      // The old password no longer opens the account.
      await page.getByLabel('Benutzername (E-Mail)').fill(member.username);
      await page.getByLabel('Passwort', { exact: true }).fill(member.password);
      await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByRole('alert')).toContainText('Anmeldung fehlgeschlagen');

      // The new one does.
      await signInAs(page, { username: member.username, password: newPassword });
      await expect(page).toHaveURL(/\/persons$/);
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toContainText(member.name);

      // The link works once only.
      await page.goto(link);
      await page.getByLabel('Neues Passwort', { exact: true }).fill('Noch-Einmal-43');
      await page.getByLabel('Passwort wiederholen').fill('Noch-Einmal-43');
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await expect(page.getByRole('alert')).toContainText(
        'Dieser Link ist ungültig, bereits verwendet oder abgelaufen.',
      );
      await expect(page.getByRole('button', { name: 'Passwort speichern' })).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await restorePassword(request, member);
    }
  });
});
