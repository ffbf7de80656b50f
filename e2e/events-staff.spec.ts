import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { demo, expect, signInAs, storedSession, test } from './fixtures';

// The staff event pages (spec 02 §2): the club page's "add event", the event form with its
// markdown editor, the event page with its cards, menu, image, state and preview dialogs; a
// member sees the same page read-only and the server refuses her changes.

const title = `Workshop E2E ${randomUUID().slice(0, 8)}`;
let eventPath = '';

async function openClub(page: Page, name: string) {
  await page.goto('/clubs');
  await page.getByRole('searchbox', { name: 'Clubs suchen' }).fill(name.replace('BPW ', ''));
  await page.getByRole('table', { name: 'Clubs' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function openEventMenu(page: Page) {
  await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
  return page.getByRole('menu');
}

/** Pastes a PNG file into an element, as a screenshot pasted from the clipboard would arrive. */
async function pasteImageInto(page: Page, selector: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
}

test.describe.serial('staff event pages', () => {
  test('an event manager creates an event from her club page, uploads an image and opens it for registration', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, demo.events);
    await openClub(page, 'BPW Zürich');

    // The club's Events tab lists its events.
    await page.getByRole('tab', { name: 'Anlässe' }).click();
    await expect(page.getByRole('table', { name: 'Anlässe von BPW Zürich' })).toBeVisible();
    await expectNoAxeViolations(page);

    // "Add event" in the club menu opens the form bound to the club.
    await page.getByRole('button', { name: 'Aktionen für diesen Club' }).click();
    await page.getByRole('menuitem', { name: 'Anlass hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anlass erstellen' });
    await expect(dialog).toContainText('BPW Zürich');
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Kategorien' }).click();
    await page.getByRole('option', { name: 'Workshop' }).click();
    await dialog.getByRole('textbox', { name: 'Kontakt' }).fill('BPW Zürich\nLaura Brunner');

    // From and to: when both are equal, a new start moves the end along (spec 02 §4).
    await dialog.getByRole('textbox', { name: 'Datum von' }).fill('+30');
    await dialog.getByRole('textbox', { name: 'Datum von' }).press('Tab');
    await dialog.getByRole('combobox', { name: 'Zeit von' }).fill('18:30');
    await dialog.getByRole('combobox', { name: 'Zeit von' }).press('Tab');
    const fromDate = await dialog.getByRole('textbox', { name: 'Datum von' }).inputValue();
    await dialog.getByRole('textbox', { name: 'Datum bis' }).fill(fromDate);
    await dialog.getByRole('textbox', { name: 'Datum bis' }).press('Tab');
    await dialog.getByRole('combobox', { name: 'Zeit bis' }).fill('18:30');
    await dialog.getByRole('combobox', { name: 'Zeit bis' }).press('Tab');
    await dialog.getByRole('textbox', { name: 'Datum von' }).fill('+31');
    await dialog.getByRole('textbox', { name: 'Datum von' }).press('Tab');
    const movedDate = await dialog.getByRole('textbox', { name: 'Datum von' }).inputValue();
    expect(movedDate).not.toBe(fromDate);
    await expect(dialog.getByRole('textbox', { name: 'Datum bis' })).toHaveValue(movedDate);
    await dialog.getByRole('combobox', { name: 'Zeit bis' }).fill('21:00');
    await dialog.getByRole('combobox', { name: 'Zeit bis' }).press('Tab');

    // The registration type switch and its resets: 0 slots means unlimited.
    const slots = dialog.getByRole('spinbutton', { name: 'Plätze' });
    await expect(slots).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Begrenzte Plätze', exact: true }).check();
    await expect(slots).toBeEnabled();
    await expect(slots).toHaveValue('');
    await slots.fill('0');
    await expect(dialog.getByRole('radio', { name: 'Unbegrenzte Plätze' })).toBeChecked();
    await expect(slots).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Externe Anmeldung' }).check();
    await expect(dialog.getByRole('textbox', { name: 'Externe Anmelde-URL' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Begrenzte Plätze', exact: true }).check();
    await expect(dialog.getByRole('textbox', { name: 'Externe Anmelde-URL' })).toBeHidden();
    await slots.fill('20');

    // Issue 15: how long an unconfirmed registration holds its place, 48 hours unless set (1 to 720).
    const confirmHours = dialog.getByRole('spinbutton', { name: 'Frist zur Bestätigung (Stunden)' });
    await expect(confirmHours).toHaveValue('48');
    await confirmHours.fill('721');
    await confirmHours.press('Tab');
    await expect(dialog.getByText('Frist zur Bestätigung (Stunden) ist ungültig.')).toBeVisible();
    await confirmHours.fill('24');
    await expect(dialog.getByText('Eine unbestätigte Anmeldung verfällt nach dieser Zeit')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Ort', exact: true }).fill('Kongresshaus Zürich');
    await dialog.getByRole('textbox', { name: 'Strasse' }).fill('Claridenstrasse 5');
    await dialog.getByRole('textbox', { name: 'PLZ' }).fill('8002');
    await dialog.getByRole('textbox', { name: 'Ort (Gemeinde)' }).fill('Zürich');
    await dialog.getByRole('textbox', { name: 'Kurzbeschreibung' }).fill('Ein Abend zum Verhandeln.\nMit Apéro.');

    // The description editor starts in markdown; WYSIWYG shows the same text formatted; a pasted
    // image is refused with a hint in both modes.
    const editor = dialog.getByRole('textbox', { name: 'Beschreibung', exact: true });
    await expect(editor).toBeVisible({ timeout: 20_000 });
    await editor.fill('## Programm\n\n- Input\n- Übungen');
    await pasteImageInto(page, 'textarea[aria-labelledby]');
    const noUpload = page.getByText('Bilder können nicht hochgeladen werden.', { exact: false }).first();
    await expect(noUpload).toBeVisible();
    await dialog.getByRole('button', { name: 'WYSIWYG' }).click();
    const richText = dialog.getByRole('textbox', { name: 'Beschreibung', exact: true });
    await expect(richText.getByRole('heading', { name: 'Programm' })).toBeVisible({ timeout: 20_000 });
    await expect(richText.getByRole('listitem')).toHaveCount(2);
    await pasteImageInto(page, '[contenteditable="true"][aria-labelledby]');
    await expect(richText.locator('img')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Vergrössern' }).click();
    await expect(dialog.getByRole('button', { name: 'Verkleinern' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Markdown' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Beschreibung', exact: true })).toHaveValue(/## Programm/);

    await expect(save).toBeEnabled();
    await save.click();

    // The new event's page.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    eventPath = new URL(page.url()).pathname;
    await expect(page.getByText('Der Anlass wurde erstellt.')).toBeVisible();
    const registration = page.getByRole('region', { name: 'Anmeldung' });
    await expect(registration).toContainText('20 von 20 Plätzen frei');
    await expect(registration.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('region', { name: 'Texte' }).getByRole('heading', { name: 'Programm' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The banner image.
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 255, g: 212, b: 0 } } })
      .png()
      .toBuffer();
    await page
      .getByTestId('event-image-file')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Das Bild wurde hochgeladen.')).toBeVisible();
    await expect(page.getByRole('img', { name: `Bild des Anlasses ${title}` })).toBeVisible();

    // Planning: no public page yet; the preview shows the public page's body anyway.
    let menu = await openEventMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Öffentliche Seite öffnen' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Vorschau' }).click();
    const preview = page.getByRole('dialog', { name: 'Vorschau der öffentlichen Seite' });
    await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: 'Schliessen' }).click();
    await expect(preview).toBeHidden();

    // Open for registration through the state dialog.
    menu = await openEventMenu(page);
    await menu.getByRole('menuitem', { name: 'Status ändern' }).click();
    const stateDialog = page.getByRole('dialog', { name: 'Status ändern' });
    await stateDialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Anmeldung offen' }).click();
    await expectNoAxeViolations(page);
    await stateDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(stateDialog).toBeHidden();
    await expect(page.getByText('Der Status wurde geändert.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Grundangaben' })).toContainText('Anmeldung offen');

    menu = await openEventMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Öffentliche Seite öffnen' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The edit form shows the stored values; the staff list finds the event.
    menu = await openEventMenu(page);
    await menu.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Anlass bearbeiten' });
    await expect(edit.getByRole('textbox', { name: 'Titel' })).toHaveValue(title);
    await expect(edit.getByRole('spinbutton', { name: 'Plätze' })).toHaveValue('20');
    await expect(edit.getByRole('spinbutton', { name: 'Frist zur Bestätigung (Stunden)' })).toHaveValue('24');
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(edit).toBeHidden();

    await page.goto('/events');
    await page.getByRole('searchbox', { name: 'Anlässe suchen' }).fill(title);
    const table = page.getByRole('table', { name: 'Anlässe' });
    await expect(table.getByRole('link', { name: title })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('Anmeldung offen');
    await expectNoAxeViolations(page);
    await table.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  });

  test('a member sees the event read-only, on a phone, and the server refuses her changes', async ({
    page,
    expectNoAxeViolations,
  }) => {
    expect(eventPath).not.toBe('');
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, demo.member);
    await page.goto(eventPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Sie können diesen Anlass ansehen, aber nicht bearbeiten.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Bild (hochladen|ersetzen)/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    const menu = await openEventMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Vorschau' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Öffentliche Seite öffnen' })).toBeVisible();
    for (const name of ['Bearbeiten', 'Status ändern', 'Löschen']) {
      await expect(menu.getByRole('menuitem', { name })).toHaveCount(0);
    }
    await page.keyboard.press('Escape');

    const session = await storedSession(page);
    const id = eventPath.split('/').pop() ?? '';
    const headers = { authorization: `Bearer ${session?.token ?? ''}` };
    const stateChange = await page.request.put(`/api/v1/event/${id}/event-state`, {
      headers,
      data: { eventState: 10 },
    });
    expect(stateChange.status()).toBe(403);
    const removal = await page.request.delete(`/api/v1/event/${id}`, { headers });
    expect(removal.status()).toBe(403);
  });

  test('the event manager deletes the event with confirmation and returns to the list', async ({ page }) => {
    expect(eventPath).not.toBe('');
    await signInAs(page, demo.events);
    await page.goto(eventPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Keyboard: the menu opens with Enter and its items are reached with the arrow keys.
    await page.getByRole('button', { name: 'Aktionen', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Anlass löschen' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByText(`Der Anlass «${title}» wurde gelöscht.`)).toBeVisible();
  });
});
