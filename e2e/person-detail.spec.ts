import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { admin, demo, expect, signInAs, storedSession, test } from './fixtures';

// The person page /persons/{id} (spec 01 §2 "Person detail", §4, §6, §8): an administrator
// works on a demo person, a club manager sees only her club's actions, a member edits her
// own profile and nobody else's.

type ListItem = {
  id: string;
  firstname: string | null;
  lastname: string;
  primaryClub: { name: string } | null;
  state: number;
};

/** Calls the API with the signed-in user's token (the page's session). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const session = await storedSession(page);
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${session?.token ?? ''}` },
  });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

const accountNames: readonly string[] = Object.values(demo).map((account) => account.name);

/** An active person of a club, who is none of the demo sign-ins. */
async function findPersonOf(page: Page, clubName: string, skip = 0): Promise<ListItem> {
  const clubs = await apiGet<{ items: { id: string; name: string }[] }>(page, '/club?SortBy=name');
  const club = clubs.items.find((item) => item.name === clubName);
  expect(club, clubName).toBeDefined();
  // PersonClubTypes 10: current members.
  const list = await apiGet<{ items: ListItem[] }>(
    page,
    `/person?Clubs=${club?.id ?? ''}&PersonClubTypes=10&PerPage=50&SortBy=lastname`,
  );
  const candidates = list.items.filter(
    (person) =>
      person.state === 0 &&
      person.primaryClub?.name === clubName &&
      !accountNames.includes(`${person.firstname ?? ''} ${person.lastname}`),
  );
  const person = candidates[skip];
  expect(person, `a member of ${clubName}`).toBeDefined();
  return person as ListItem;
}

const fullName = (person: ListItem) => [person.firstname, person.lastname].filter(Boolean).join(' ');

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Aktionen' }).click();
  return page.getByRole('menu');
}

async function menuItems(page: Page): Promise<string[]> {
  const menu = await openMenu(page);
  const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return items;
}

test.describe('person detail', () => {
  // axe runs on every state, which takes a few seconds each time.
  test.describe.configure({ timeout: 60_000 });

  test('an admin adds an address with an e-mail, makes it primary, uploads an avatar, archives and reactivates', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, admin);
    const person = await findPersonOf(page, 'BPW Zürich');
    const name = fullName(person);
    await page.goto(`/persons/${person.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} – BPW Clubmanager`);
    await expect(page.getByRole('link', { name: 'Hauptclub: BPW Zürich' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Benachrichtigungen' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The menu with every action an admin has on another person.
    expect(await menuItems(page)).toEqual([
      'Adresse erfassen',
      'Clubzuordnung erfassen',
      'Profilbild ändern',
      'Benutzernamen ändern',
      'Passwort ändern',
      'Passwort zurücksetzen',
      'Willkommensmail senden',
      'Zweiten Faktor zurücksetzen',
      'vCard exportieren',
      'Archivieren',
      'Person löschen',
    ]);

    // A new address with one e-mail.
    const email = `e2e.${Date.now()}@example.ch`;
    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Adresse erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adresse erfassen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Geschäftlich' })).toBeDisabled();
    await expectNoAxeViolations(page);
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill('Büro E2E');
    await dialog.getByRole('tab', { name: 'E-Mail, Telefon, Web' }).click();
    await dialog.getByRole('button', { name: 'E-Mail hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'E-Mail 1', exact: true }).fill('not-an-address');
    await expect(dialog.getByText('E-Mail 1 ist keine gültige E-Mail-Adresse')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'E-Mail 1', exact: true }).fill(email);
    await expectNoAxeViolations(page);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Kontakt' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('region', { name: 'Büro E2E' });
    await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);

    // Mark it the primary e-mail; choosing it again would unset it.
    await card.getByRole('button', { name: `${email} als Haupt-E-Mail festlegen` }).click();
    const primary = card.getByRole('button', { name: `${email} ist die Haupt-E-Mail – aufheben` });
    await expect(primary).toHaveAttribute('aria-pressed', 'true');
    const detail = await apiGet<{ primaryEmail: { value: string } | null }>(page, `/person/${person.id}`);
    expect(detail.primaryEmail?.value).toBe(email);
    await expectNoAxeViolations(page);

    // The active tab is kept for this path.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Kontakt' })).toHaveAttribute('aria-selected', 'true');

    // An avatar from a generated PNG; the header then zooms it.
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 255, g: 212, b: 0 } },
    })
      .png()
      .toBuffer();
    await (await openMenu(page)).getByRole('menuitem', { name: 'Profilbild ändern' }).click();
    const avatarDialog = page.getByRole('dialog', { name: 'Profilbild ändern' });
    await expect(avatarDialog.getByRole('button', { name: 'Hochladen' })).toBeDisabled();
    await avatarDialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await expect(avatarDialog.getByRole('img', { name: 'Vorschau des neuen Profilbilds' })).toBeVisible();
    await expectNoAxeViolations(page);
    await avatarDialog.getByRole('button', { name: 'Hochladen' }).click();
    await expect(avatarDialog).toBeHidden();
    await expect(page.getByText('Das Profilbild wurde gespeichert.')).toBeVisible();
    await page.getByRole('button', { name: `Profilbild von ${name} vergrössern` }).click();
    const zoom = page.getByRole('dialog', { name });
    await expect(zoom.locator('img')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(zoom).toBeHidden();

    // Archive and reactivate.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Archivieren' }).click();
    await expect(page.getByText('Die Person ist jetzt archiviert')).toBeVisible();
    await expect(page.getByRole('main').getByText('Archiviert', { exact: true })).toBeVisible();
    const archivedItems = await menuItems(page);
    expect(archivedItems).toContain('Reaktivieren');
    expect(archivedItems).not.toContain('Passwort ändern');
    expect(archivedItems).not.toContain('Clubzuordnung erfassen');
    await expectNoAxeViolations(page);
    await (await openMenu(page)).getByRole('menuitem', { name: 'Reaktivieren' }).click();
    await expect(page.getByText('Die Person ist wieder aktiv')).toBeVisible();
    await expect(page.getByRole('main').getByText('Archiviert', { exact: true })).toBeHidden();

    // The rights tab: five cards, the toggles for an admin on another person.
    await page.getByRole('tab', { name: 'Rechte' }).click();
    await expect(page.getByRole('heading', { name: 'Mitglied', exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('switch', { name: 'Administratorrechte' })
        .or(page.getByRole('checkbox', { name: 'Administratorrechte' })),
    ).not.toBeChecked();
    await expectNoAxeViolations(page);
  });

  test('a club manager gets her club’s actions only', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, demo.manager);
    const own = await findPersonOf(page, 'BPW Zürich', 1);
    const other = await findPersonOf(page, 'BPW Bern');

    await page.goto(`/persons/${own.id}`);
    await expect(page.getByRole('heading', { level: 1, name: fullName(own) })).toBeVisible();
    const items = await menuItems(page);
    expect(items).toEqual(expect.arrayContaining(['Adresse erfassen', 'Clubzuordnung erfassen', 'Person löschen']));
    expect(items).not.toContain('Archivieren');
    await expect(page.getByRole('button', { name: 'Profil bearbeiten' })).toBeVisible();

    // The club assignment form offers only her club, preselected.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Clubzuordnung erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clubzuordnung erfassen' });
    await expect(dialog.getByRole('combobox', { name: 'Club' })).toHaveText('BPW Zürich');
    await dialog.getByRole('combobox', { name: 'Club' }).click();
    await expect(page.getByRole('option')).toHaveText(['BPW Zürich']);
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Mitgliedschaftsart' }).click();
    await page.getByRole('option', { name: 'Andere' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Mitgliedschaftsart' }).click();
    await page.getByRole('option', { name: 'Referentin' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Bezeichnung', exact: true })).toBeHidden();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Clubs' }).click();
    await expect(page.getByRole('button', { name: 'Zuordnung zu BPW Zürich bearbeiten' }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Another club's person: no edit controls, only the vCard.
    await page.goto(`/persons/${other.id}`);
    await expect(page.getByRole('heading', { level: 1, name: fullName(other) })).toBeVisible();
    expect(await menuItems(page)).toEqual(['vCard exportieren']);
    await expect(page.getByRole('button', { name: 'Profil bearbeiten' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Benachrichtigungen' })).toHaveCount(0);
    // The vCard downloads under the name the server gives it (content-disposition).
    const download = page.waitForEvent('download');
    await (await openMenu(page)).getByRole('menuitem', { name: 'vCard exportieren' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.vcf$/);
    await page.getByRole('tab', { name: 'Kontakt' }).click();
    await expect(page.getByRole('button', { name: 'Adresse erfassen' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a member edits her own profile and cannot edit another’s', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, demo.member);
    const session = await storedSession(page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: /Julia Widmer/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/persons/${session?.personId ?? ''}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Julia Widmer' })).toBeVisible();
    const items = await menuItems(page);
    expect(items).toEqual(
      expect.arrayContaining(['Adresse erfassen', 'Profilbild ändern', 'Passwort ändern', 'vCard exportieren']),
    );
    expect(items).not.toContain('Person löschen');
    expect(items).not.toContain('Passwort zurücksetzen');

    // Her own password change asks for the current one.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Passwort ändern' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Passwort ändern' });
    await expect(passwordDialog.getByLabel('Aktuelles Passwort', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await passwordDialog.getByRole('button', { name: 'Abbrechen' }).click();

    await page.getByRole('button', { name: 'Profil bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
    await expect(dialog.getByRole('textbox', { name: 'Geburtstag', exact: true })).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
    await dialog.getByRole('combobox', { name: 'Titel' }).click();
    await page.getByRole('option', { name: 'Dr.', exact: true }).click();
    // The birthday takes the date input's shortcuts; a future one is refused.
    await dialog.getByRole('textbox', { name: 'Geburtstag', exact: true }).fill('+1');
    await dialog.getByRole('textbox', { name: 'Geburtstag', exact: true }).blur();
    await expect(dialog.getByText(/Das Datum darf nicht nach dem/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Geburtstag', exact: true }).fill('150385');
    await dialog.getByRole('textbox', { name: 'Geburtstag', exact: true }).blur();
    await expect(dialog.getByRole('textbox', { name: 'Geburtstag', exact: true })).toHaveValue('15.03.1985');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Dr.' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '15.03.1985' })).toBeVisible();

    // Another person: read only, and the API refuses a change.
    const other = await findPersonOf(page, 'BPW Zürich', 2);
    await page.goto(`/persons/${other.id}`);
    await expect(page.getByRole('heading', { level: 1, name: fullName(other) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profil bearbeiten' })).toHaveCount(0);
    expect(await menuItems(page)).toEqual(['vCard exportieren']);
    await page.getByRole('tab', { name: 'Kontakt' }).click();
    await expect(page.getByRole('button', { name: /als Haupt-E-Mail festlegen/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const token = (await storedSession(page))?.token ?? '';
    const refused = await page.request.put(`/api/v1/person/${other.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { lastname: 'Hacked', languageCode: 'de', birthday: '1980-01-01' },
    });
    expect(refused.status()).toBe(403);
    const address = await page.request.post(`/api/v1/person/${other.id}/address`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { label: 'Nope' },
    });
    expect(address.status()).toBe(403);
  });
});

test.describe('person detail on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.describe.configure({ timeout: 60_000 });

  test('fits 360 px with its tabs, menu and dialogs', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, admin);
    const person = await findPersonOf(page, 'BPW Zürich', 3);
    await page.goto(`/persons/${person.id}`);
    await expect(page.getByRole('heading', { level: 1, name: fullName(person) })).toBeVisible();
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await fits();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Kontakt' }).click();
    await expect(page.getByRole('region').first()).toBeVisible();
    await fits();
    await expectNoAxeViolations(page);
    await (await openMenu(page)).getByRole('menuitem', { name: 'Adresse erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adresse erfassen' });
    await expect(dialog).toBeVisible();
    await fits();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
