import fs from 'node:fs/promises';
import { demo, expect, expectNoHorizontalScroll, signInAs, test } from './fixtures';

// Issue 16: a club manager imports a CSV into her club: upload, mapping, preview, run as a job.
const suffix = Date.now().toString(36);
const file = () =>
  Buffer.from(
    [
      'Vorname;Nachname;Geburtstag;E-Mail;Club;Mitgliedschaftstyp',
      `Erika;Import${suffix};17.05.1980;erika.${suffix}@example.test;BPW Zürich;Einzelmitglied`,
      `Frieda;Import${suffix};02.03.1975;;BPW Zürich;Einzelmitglied`,
      `Greta;;01.01.1990;;BPW Zürich;Einzelmitglied`,
    ].join('\r\n'),
    'utf8',
  );

test.describe('spreadsheet import', () => {
  test('a club manager uploads, maps, previews and imports a CSV with a progress bar', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, demo.manager);
    await page.getByRole('link', { name: 'Import' }).click({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'mitglieder.csv', mimeType: 'text/csv', buffer: file() });
    await expect(page.getByText('Gewählt: mitglieder.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/3 Zeilen, CSV · Zeichensatz UTF-8 · Trennzeichen: Semikolon/)).toBeVisible({
      timeout: 20_000,
    });
    // Proposed from the German headers.
    await expect(page.getByRole('combobox', { name: 'Feld für «Vorname»' })).toHaveText('Vorname');
    await expect(page.getByRole('combobox', { name: 'Feld für «E-Mail»' })).toHaveText('E-Mail');
    await expectNoAxeViolations(page);

    // Keyboard: the preview button is reached and pressed without a mouse.
    await page.getByRole('button', { name: 'Vorschau zeigen' }).focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('table', { name: 'Vorschau' });
    await expect(preview.getByRole('row')).toHaveCount(4, { timeout: 20_000 });
    await expect(preview.getByRole('row').nth(1)).toContainText('erstellt');
    await expect(preview.getByRole('row').nth(3)).toContainText('abgelehnt');
    await expect(preview.getByRole('row').nth(1)).toContainText('17.05.1980');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '3 Zeilen importieren' }).click();
    await expect(page.getByRole('progressbar', { name: 'Fortschritt des Imports' })).toBeVisible();
    // The job's status line (the snackbar has a status region of its own).
    const jobStatus = page.getByRole('status').filter({ hasText: ' von ' });
    await expect(jobStatus).toContainText('Fertig', { timeout: 30_000 });
    await expect(page.getByText('2 erstellt, 0 aktualisiert, 0 unverändert, 1 abgelehnt.')).toBeVisible();
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ergebnis herunterladen' }).click();
    const result = await download;
    expect(result.suggestedFilename()).toBe('mitglieder-result.csv');
    const text = await fs.readFile(await result.path(), 'utf8');
    expect(text).toContain('Import-Ergebnis');
    expect(text).toMatch(/abgelehnt: Nachname darf nicht leer sein/);

    // Coming back to the page (a closed tab) shows the finished job, not the steps again.
    await page.reload();
    await expect(jobStatus).toContainText('Fertig', { timeout: 15_000 });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test('the upload and mapping steps fit 360 px', async ({ page, expectNoAxeViolations }) => {
      await signInAs(page, demo.manager);
      await page.goto('/imports');
      await expectNoHorizontalScroll(page);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: file() });
      await page.getByRole('button', { name: 'Hochladen' }).click();
      await expect(page.getByRole('table', { name: 'Zuordnung der Spalten' })).toBeVisible({ timeout: 20_000 });
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    });
  });

  test('a member sees no import in the menu', async ({ page }) => {
    await signInAs(page, demo.member);
    await expect(page.getByRole('link', { name: 'Personen' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Import' })).toHaveCount(0);
  });
});
