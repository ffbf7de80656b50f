import { randomUUID } from 'node:crypto';
import { admin, demo, expect, signInAs, test } from './fixtures';

// The event category pages (spec 02 §2 "Event category pages"): list with search, admins create,
// rename and delete; a category that still has events cannot be deleted.

test.describe('event categories', () => {
  test('an admin creates, renames and deletes a category', async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(120_000);
    const title = `Kategorie E2E ${randomUUID().slice(0, 8)}`;
    await signInAs(page, admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Anlasskategorien' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Anlasskategorien' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Anlasskategorien' });
    await expect(table.getByRole('link', { name: 'Workshop' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Create: save stays disabled until a title is given; Enter saves.
    await page.getByRole('button', { name: 'Kategorie erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kategorie erstellen' });
    await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Titel' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/event-categories\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Die Kategorie wurde erstellt.')).toBeVisible();

    // Rename from the Details card.
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Kategorie bearbeiten' });
    await edit.getByRole('textbox', { name: 'Titel' }).fill(`${title} neu`);
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} neu` })).toBeVisible();

    // A new category has no events, and its Events tab says so.
    await page.getByRole('tab', { name: 'Anlässe' }).click();
    await expect(page.getByText('Keine Anlässe gefunden.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Delete with confirmation, back to the list.
    await page.getByRole('button', { name: 'Aktionen für diese Kategorie' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Kategorie löschen' });
    await expect(confirm).toContainText(`${title} neu`);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page).toHaveURL(/\/event-categories$/);
    await expect(page.getByText(`Die Kategorie «${title} neu» wurde gelöscht.`)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Kategorien suchen' }).fill(title);
    await expect(table.getByText('Keine Einträge')).toBeVisible();
  });

  test('a category with events cannot be deleted; its Events tab lists them and stays chosen', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, admin);
    await page.goto('/event-categories');
    await page.getByRole('searchbox', { name: 'Kategorien suchen' }).fill('Workshop');
    await page.getByRole('table', { name: 'Anlasskategorien' }).getByRole('link', { name: 'Workshop' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Workshop' })).toBeVisible();
    await expect(page.getByText(/kann erst gelöscht werden/)).toBeVisible();

    // Keyboard: the menu opens with Enter; the disabled item carries the reason.
    await page.getByRole('button', { name: 'Aktionen für diese Kategorie' }).focus();
    await page.keyboard.press('Enter');
    const remove = page.getByRole('menuitem', { name: /Löschen/ });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await expect(remove).toContainText('kann erst gelöscht werden');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Anlässe' }).click();
    const events = page.getByRole('table', { name: 'Anlässe der Kategorie Workshop' });
    await expect(events.getByRole('row')).not.toHaveCount(2);
    await expect(events.getByRole('link').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Anlässe' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a member reads categories without create, edit or delete, on a phone', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, demo.member);
    await page.goto('/event-categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Anlasskategorien' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kategorie erstellen' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Anlasskategorien' }).getByRole('link', { name: 'Networking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Networking' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Aktionen für diese Kategorie' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
