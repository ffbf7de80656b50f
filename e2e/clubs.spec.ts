import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, expect, test } from './fixtures';

// Needs the clubs API (GET/POST/PUT/DELETE club), GET person?Name=…, POST person/{id}/club and
// GET club/{id}/person (paged by group, issue 24).
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Benutzername (E-Mail)').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

test.describe('clubs', () => {
  test('an admin creates a club and adds a member; the club page shows her under Active roles', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const clubName = `BPW E2E ${randomUUID().slice(0, 8)}`;
    await signIn(page, admin.username, admin.password);
    await page.goto('/clubs');
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Clubs' });
    await expect(table.getByRole('link', { name: 'BPW Basel' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The create dialog: save stays disabled until name and type are given.
    await page.getByRole('button', { name: 'Club erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Club erstellen' });
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(clubName);
    await expect(save).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Clubtyp' }).click();
    await page.getByRole('option', { name: 'Regional' }).click();
    await expectNoAxeViolations(page);
    await expect(save).toBeEnabled();
    await save.click();

    // The new club's page.
    await expect(page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
    await expect(page).toHaveURL(/\/clubs\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Der Club wurde erstellt.')).toBeVisible();

    // Add Julia Widmer as a single member.
    await page.getByRole('button', { name: 'Aktionen für diesen Club' }).click();
    await page.getByRole('menuitem', { name: 'Mitglied hinzufügen' }).click();
    const assign = page.getByRole('dialog', { name: `Mitglied zu ${clubName} hinzufügen` });
    const assignSave = assign.getByRole('button', { name: 'Speichern' });
    await expect(assignSave).toBeDisabled();
    await assign.getByRole('combobox', { name: 'Person' }).fill('Widmer');
    await page
      .getByRole('option', { name: /Julia Widmer/ })
      .first()
      .click();
    await assign.getByRole('combobox', { name: 'Mitgliedschaftsart' }).click();
    await page.getByRole('option', { name: 'Einzelmitglied', exact: true }).click();
    await expectNoAxeViolations(page);
    await expect(assignSave).toBeEnabled();
    await assignSave.click();
    await expect(assign).toBeHidden();
    await expect(page.getByText('Die Person wurde dem Club zugeordnet.')).toBeVisible();

    // Active roles: the members are a count with a way to the Members tab, not a list (issue 24).
    await page.getByRole('tab', { name: 'Aktive Rollen' }).click();
    const members = page.getByRole('region', { name: 'Mitglieder' });
    await expect(members.getByText('Aktive Mitglieder: 1')).toBeVisible();
    await expect(members.getByText('Julia Widmer')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The tab is remembered for this path.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Aktive Rollen' })).toHaveAttribute('aria-selected', 'true');

    // The card's button opens the Members tab, and the keyboard focus lands on that tab.
    await page.getByRole('region', { name: 'Mitglieder' }).getByRole('button', { name: 'Mitglieder anzeigen' }).click();
    const membersTab = page.getByRole('tab', { name: 'Mitglieder' });
    await expect(membersTab).toHaveAttribute('aria-selected', 'true');
    await expect(membersTab).toBeFocused();
    const memberTable = page.getByRole('table', { name: 'Mitglieder' });
    await expect(memberTable.getByRole('link', { name: 'Julia Widmer' })).toBeVisible();
    await expect(memberTable).toContainText('Einzelmitglied');
    await expectNoAxeViolations(page);
    // Searched and sorted on the server.
    const search = page.getByRole('searchbox', { name: 'Mitglieder suchen' });
    await search.fill('zzzz-niemand');
    await expect(memberTable.getByText('Kein Mitglied entspricht der Suche.')).toBeVisible();
    await search.fill('widm');
    await expect(memberTable.getByRole('link', { name: 'Julia Widmer' })).toBeVisible();
    const sorted = page.waitForRequest((request) => /\/person\?.*SortBy=from/.test(request.url()));
    await memberTable.getByRole('button', { name: /Mitglied seit/ }).click();
    await sorted;
    await expect(memberTable.getByRole('link', { name: 'Julia Widmer' })).toBeVisible();

    await page.getByRole('tab', { name: 'Organisation' }).click();
    await expect(page.getByText('Aktive Mitglieder')).toBeVisible();
    await expectNoAxeViolations(page);

    // The search finds the new club.
    await page.goto('/clubs');
    await page.getByRole('searchbox', { name: 'Clubs suchen' }).fill(clubName.slice(-8));
    await expect(table.getByRole('link', { name: clubName })).toBeVisible();
    await expect(table.getByRole('link', { name: 'BPW Basel' })).toBeHidden();
  });

  test('an admin cannot delete a club with members and deletes an empty one', async ({ page }) => {
    const clubName = `BPW Leer ${randomUUID().slice(0, 8)}`;
    await signIn(page, admin.username, admin.password);
    await page.goto('/clubs');
    await page.getByRole('button', { name: 'Club erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Club erstellen' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(clubName);
    await dialog.getByRole('combobox', { name: 'Clubtyp' }).click();
    await page.getByRole('option', { name: 'National' }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();

    await page.getByRole('button', { name: 'Aktionen für diesen Club' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Club löschen' });
    await expect(confirm).toContainText(clubName);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page).toHaveURL(/\/clubs$/);
    await expect(page.getByText(`Der Club ${clubName} wurde gelöscht.`)).toBeVisible();
  });

  test('a club manager sees her club, its menu with "add member" only, on a phone', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'manager@example.ch', 'Demo-Passw0rd');
    await page.goto('/clubs');
    await expect(page.getByRole('button', { name: 'Club erstellen' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Clubs suchen' }).fill('Zürich');
    await page.getByRole('table', { name: 'Clubs' }).getByRole('link', { name: 'BPW Zürich' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'BPW Zürich' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Aktive Rollen' }).click();
    await expect(page.getByRole('region', { name: 'Datenbankverantwortliche' })).toContainText('Sandra Meier');
    await expectNoAxeViolations(page);
    // The Members tab: a paged table with its search, usable with the keyboard on a phone.
    await page.getByRole('tab', { name: 'Mitglieder' }).click();
    const memberTable = page.getByRole('table', { name: 'Mitglieder' });
    await expect(memberTable.getByRole('link').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Mitglieder suchen' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Aktionen für diesen Club' }).click();
    await expect(page.getByRole('menuitem', { name: 'Mitglied hinzufügen' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Löschen' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
