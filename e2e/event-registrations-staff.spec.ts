import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demo, expect, signInAs, test } from './fixtures';

// The staff tabs of the event page (spec 02 §2): custom fields (create, edit, delete, copy from
// another event), registrations (search, state filter, confirm, paid, edit, unregister, delete,
// the empty alert) and the export. Needs POST event, PUT event/{id}/event-state, the custom field
// calls, POST event-public/{id}/event-registration and the staff registration calls.

type Headers = Record<string, string>;

const suffix = randomUUID().slice(0, 8);
const title = `Anmeldungen E2E ${suffix}`;
const guests = [
  {
    firstname: 'Anna',
    lastname: `Keller-${suffix}`,
    email: `anna.${suffix}@example.com`,
    company: 'Keller Treuhand AG',
  },
  { firstname: 'Bea', lastname: `Frei-${suffix}`, email: `bea.${suffix}@example.com`, company: 'Frei Design GmbH' },
];
const fullName = (guest: (typeof guests)[number]) => `${guest.firstname} ${guest.lastname}`;
let eventId = '';

async function signInByApi(request: APIRequestContext, username: string, password: string): Promise<Headers> {
  const response = await request.post('/api/v1/auth/authenticate', {
    data: { username, password, acceptedTermsAndConditions: true },
  });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

const isoInDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The setup a club would have made: an event of BPW Zürich open for registration, a "Firma"
 * field shown in the list, and two guests who registered on the public page (still Pending).
 */
async function setUpEvent(request: APIRequestContext) {
  const headers = await signInByApi(request, demo.events.username, demo.events.password);
  const clubs = (await (await request.get('/api/v1/club-public', { params: { PerPage: 0 } })).json()) as {
    items: { id: string; name: string }[];
  };
  const categories = (await (
    await request.get('/api/v1/event-category-public', { params: { PerPage: 0 } })
  ).json()) as { items: { id: string }[] };
  const created = await request.post('/api/v1/event', {
    headers,
    data: {
      title,
      eventCategoryIds: [categories.items[0]?.id],
      eventFrom: isoInDays(20),
      eventTo: isoInDays(20, 3),
      registrationSlots: 0,
      registrationTo: isoInDays(18),
      unregistrationTo: isoInDays(19),
      isRegistrationListPublic: false,
      location: 'Zunfthaus zur Waag',
      street: 'Münsterhof 8',
      zip: '8001',
      city: 'Zürich',
      teaserText: 'Ein Abend über Unternehmensnachfolge.',
      contactDetails: 'BPW Zürich, Laura Brunner',
      responsibleClubId: clubs.items.find((club) => club.name === 'BPW Zürich')?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = ((await created.json()) as { id: string }).id;
  const opened = await request.put(`/api/v1/event/${eventId}/event-state`, { headers, data: { eventState: 20 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const field = await request.post('/api/v1/event-custom-field', {
    headers,
    data: {
      eventId,
      type: 1,
      title: 'Firma',
      eventCustomFieldModeMember: 1,
      eventCustomFieldModeGuest: 2,
      showInList: true,
      sortOrder: 0,
    },
  });
  expect(field.status(), await field.text()).toBe(201);
  const fieldId = ((await field.json()) as { id: string }).id;
  for (const guest of guests) {
    const registered = await request.post(`/api/v1/event-public/${eventId}/event-registration`, {
      data: {
        firstname: guest.firstname,
        lastname: guest.lastname,
        email: guest.email,
        street: 'Bahnhofstrasse 10',
        zip: '8001',
        city: 'Zürich',
        countryCode: 'CH',
        eventCustomFieldValues: [{ eventCustomFieldId: fieldId, value: guest.company }],
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  }
}

async function openTab(page: Page, name: string) {
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('tab', { name }).click();
}

const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

async function chooseRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Aktionen für ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe.serial('staff tabs of the event page', () => {
  test.beforeAll(async ({ request }) => {
    await setUpEvent(request);
  });

  test('an event manager adds, edits and deletes custom fields and copies those of another event', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, demo.events);
    await openTab(page, 'Zusatzfelder');
    const table = page.getByRole('table', { name: `Zusatzfelder von ${title}` });
    await expect(rowOf(table, 'Firma')).toContainText('Ausgeblendet');
    await expectNoAxeViolations(page);

    // An option field needs its options; the type decides whether they are asked for.
    await page.getByRole('button', { name: 'Zusatzfeld hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zusatzfeld hinzufügen' });
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('Menü');
    await dialog.getByRole('combobox', { name: 'Typ' }).click();
    await page.getByRole('option', { name: 'Auswahl' }).click();
    await dialog.getByRole('textbox', { name: 'Auswahl 1' }).fill('Fisch');
    await dialog.getByRole('button', { name: 'Auswahl hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Auswahl 2' }).fill('Vegi');
    await expect(dialog.getByRole('combobox', { name: 'Reihenfolge' })).toContainText('1');
    await dialog.getByRole('combobox', { name: 'Für Gäste' }).click();
    await page.getByRole('option', { name: 'Pflichtfeld' }).click();
    await expectNoAxeViolations(page);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(table, 'Menü')).toContainText('Fisch, Vegi');

    // Edit: rename an option; a text field has no options.
    await table.getByRole('button', { name: '«Menü» bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Zusatzfeld bearbeiten' });
    await edit.getByRole('textbox', { name: 'Auswahl 2' }).fill('Vegetarisch');
    await edit.getByRole('textbox', { name: 'Titel' }).fill('Menüwunsch');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(table, 'Menüwunsch')).toContainText('Fisch, Vegetarisch');

    // Delete after a confirmation.
    await table.getByRole('button', { name: '«Menüwunsch» löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Zusatzfeld löschen' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(rowOf(table, 'Menüwunsch')).toHaveCount(0);

    // Copy from the club's summer party, found by its title; the source is required.
    await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Zusatzfelder kopieren' }).click();
    const copy = page.getByRole('dialog', { name: 'Zusatzfelder kopieren' });
    const source = copy.getByRole('combobox', { name: 'Anlass' });
    await expect(copy.getByRole('button', { name: 'Kopieren' })).toBeDisabled();
    await source.click();
    await page.keyboard.press('Tab');
    await expect(copy.getByText('Anlass darf nicht leer sein.')).toBeVisible();
    await source.fill('clubfest');
    const option = page.getByRole('option', { name: /Clubfest am See/ });
    await expect(option).toContainText('BPW Zürich');
    await expectNoAxeViolations(page);
    await option.click();
    await copy.getByRole('button', { name: 'Kopieren' }).click();
    await expect(copy).toBeHidden();
    await expect(page.getByText('Die Zusatzfelder von «Clubfest am See» wurden kopiert.')).toBeVisible();
    for (const copied of ['Menüwahl', 'Allergien / Unverträglichkeiten', 'Teilnahme am Apéro']) {
      await expect(rowOf(table, copied)).toHaveCount(1);
    }
    await expect(rowOf(table, 'Menüwahl')).toContainText('Fleisch, Vegetarisch, Vegan');
  });

  test('an event manager sees until when a pending registration may be confirmed and extends it', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const [, bea] = guests as [(typeof guests)[number], (typeof guests)[number]];
    await signInAs(page, demo.events);
    await openTab(page, 'Anmeldungen');
    const table = page.getByRole('table', { name: `Anmeldungen zu ${title}` });
    // Issue 15: Pending shows its deadline (48 hours after registering, the event's default).
    await expect(rowOf(table, fullName(bea))).toContainText('Bestätigen bis');
    await page.getByRole('button', { name: `Aktionen für ${fullName(bea)}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Frist zur Bestätigung verlängern' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('menuitem', { name: 'Frist zur Bestätigung verlängern' }).click();
    await expect(
      page.getByText(new RegExp(`Die Anmeldung von ${fullName(bea)} kann jetzt bis .+ bestätigt werden`)),
    ).toBeVisible();
    await expect(rowOf(table, fullName(bea))).toContainText('Ausstehend');
    await expectNoAxeViolations(page);
  });

  test('an event manager confirms a registration, marks it paid, edits it and exports the list', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const [anna, bea] = guests as [(typeof guests)[number], (typeof guests)[number]];
    await signInAs(page, demo.events);
    await openTab(page, 'Anmeldungen');
    const table = page.getByRole('table', { name: `Anmeldungen zu ${title}` });
    await expect(rowOf(table, fullName(anna))).toContainText('Ausstehend');
    await expect(rowOf(table, fullName(anna))).toContainText('Keller Treuhand AG');
    await expect(rowOf(table, fullName(bea))).toContainText('Gast');
    await expectNoAxeViolations(page);

    // Confirm, offered only while Pending.
    await page.getByRole('button', { name: `Aktionen für ${fullName(anna)}` }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('menuitem', { name: 'Bestätigen' }).click();
    await expect(page.getByText(`Die Anmeldung von ${fullName(anna)} ist bestätigt.`)).toBeVisible();
    await expect(rowOf(table, fullName(anna))).toContainText('Bestätigt');
    await page.getByRole('button', { name: `Aktionen für ${fullName(anna)}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Bestätigen' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Paid, in the success colour; and back.
    await chooseRowAction(page, fullName(anna), 'Als bezahlt markieren');
    await expect(rowOf(table, fullName(anna))).toContainText('Bezahlt');

    // The state filter and the search (after the 500 ms pause).
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Bestätigt' }).click();
    await page.keyboard.press('Escape');
    await expect(rowOf(table, fullName(bea))).toHaveCount(0);
    await expect(rowOf(table, fullName(anna))).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Bestätigt' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Anmeldungen durchsuchen' }).fill(`frei-${suffix}`);
    await expect(rowOf(table, fullName(anna))).toHaveCount(0);
    await expect(rowOf(table, fullName(bea))).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Anmeldungen durchsuchen' }).press('Escape');
    await expect(rowOf(table, fullName(anna))).toHaveCount(1);

    // Edit: required fields, and the custom value.
    await chooseRowAction(page, fullName(anna), 'Bearbeiten');
    const dialog = page.getByRole('dialog', { name: 'Anmeldung bearbeiten' });
    await dialog.getByRole('textbox', { name: 'Vorname' }).fill('');
    await dialog.getByRole('textbox', { name: 'Vorname' }).press('Tab');
    await expect(dialog.getByText('Vorname darf nicht leer sein.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Anna');
    await dialog.getByRole('textbox', { name: 'Firma' }).fill('Keller Nachfolge AG');
    await dialog.getByRole('textbox', { name: 'Bemerkungen' }).fill('Kommt etwas später.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(table, fullName(anna))).toContainText('Keller Nachfolge AG');

    // Export: the xlsx is named by the server and lists the registrations with their payment.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Anmeldungen exportieren' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^registrations-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push(JSON.stringify(row.values)));
    const annaRow = rows.find((row) => row.includes(anna.lastname));
    expect(annaRow).toBeDefined();
    expect(annaRow).toContain('Keller Nachfolge AG');
    expect(rows.some((row) => row.includes(bea.lastname))).toBe(true);

    // Unregister and delete, each after a confirmation.
    await chooseRowAction(page, fullName(bea), 'Abmelden');
    await page.getByRole('dialog', { name: 'Anmeldung abmelden' }).getByRole('button', { name: 'Abmelden' }).click();
    await expect(rowOf(table, fullName(bea))).toContainText('Abgemeldet');
    await page.getByRole('button', { name: `Aktionen für ${fullName(bea)}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Anmeldung löschen' }).getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText(`Die Anmeldung von ${fullName(bea)} wurde gelöscht.`)).toBeVisible();
    await expect(rowOf(table, fullName(bea))).toHaveCount(0);
  });

  test('on a phone the registrations work by keyboard, and an event without registrations says so', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, demo.events);
    await openTab(page, 'Anmeldungen');
    const [anna] = guests as [(typeof guests)[number]];
    const menuButton = page.getByRole('button', { name: `Aktionen für ${fullName(anna)}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Bearbeiten' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Als nicht bezahlt markieren' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Die Anmeldung von ${fullName(anna)} ist als nicht bezahlt markiert.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: fullName(anna) })).toContainText('Nicht bezahlt');
    await expectNoAxeViolations(page);
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(360);

    // The club's anniversary party is still being planned: nobody could register yet.
    await page.goto('/events');
    await page.getByRole('searchbox', { name: 'Anlässe suchen' }).fill('Jubiläumsfest');
    await page.getByRole('link', { name: 'Jubiläumsfest BPW Zürich' }).click();
    await page.getByRole('tab', { name: 'Anmeldungen' }).click();
    await expect(page.getByText('Für diesen Anlass gibt es noch keine Anmeldungen.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
