import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, expectNoHorizontalScroll } from './fixtures';

// Needs GET event-public, event-public/{id}, event-public/{id}/ics, event-category-public and
// club-public, and the demo events (DEMO_DATA=1). The journeys have no internet: the swisstopo
// tiles fail to load, the markers (vector features) are still there.

/** A demo event: open for registration in ten days, at KKL Luzern with coordinates (demo-event-plans.ts). */
const breakfast = 'Business Breakfast: Digitalisierung im KMU';

interface PublicEvent {
  id: string;
  title: string;
  eventFrom: string;
}

async function findPublicEvent(page: Page, title: string): Promise<PublicEvent> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await page.request.get('/api/v1/event-public', {
    params: { Title: title, PerPage: 0, DateFrom: today },
  });
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: PublicEvent[] };
  const event = items.find((item) => item.title === title);
  if (!event) throw new Error(`The demo event "${title}" is missing.`);
  return event;
}

/** The list shows the current year; a demo event early next year needs one step forward. */
async function showYearOf(page: Page, event: PublicEvent) {
  const year = new Date(event.eventFrom).getFullYear();
  if (year > new Date().getFullYear()) {
    await page.getByRole('button', { name: `Nächstes Jahr (${year})` }).click();
  }
}

test.describe('public events', () => {
  test('an event appears in the public list as tile, list row and map marker', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    const event = await findPublicEvent(page, breakfast);
    await page.goto('/events-public');
    await expect(page.getByRole('heading', { level: 1, name: 'Anlässe' })).toBeVisible();
    await expect(page).toHaveTitle(/^Anlässe – /);

    // The year cannot go before the current one unless past events are shown.
    const thisYear = new Date().getFullYear();
    const previous = page.getByRole('button', { name: `Vorheriges Jahr (${thisYear - 1})` });
    await expect(previous).toBeDisabled();
    await page.getByRole('switch', { name: 'Vergangene Anlässe zeigen' }).check();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(page.getByRole('group', { name: 'Jahr' })).toContainText(String(thisYear - 1));
    // Turning show-past off brings the current year back.
    await page.getByRole('switch', { name: 'Vergangene Anlässe zeigen' }).uncheck();
    await expect(page.getByRole('group', { name: 'Jahr' })).toContainText(String(thisYear));
    await showYearOf(page, event);

    // Tiles are the default view.
    const tiles = page.getByRole('list', { name: 'Anlässe als Kacheln' });
    const tile = tiles.getByRole('link', { name: new RegExp(breakfast) });
    await expect(tile).toBeVisible();
    await expect(tile).toContainText('BPW Luzern');
    await expect(tile).toContainText('KKL Luzern');
    await expectNoAxeViolations(page);

    // The title filter narrows the list; the reset brings every event back.
    const count = await tiles.getByRole('listitem').count();
    await page.getByRole('searchbox', { name: 'Titel' }).fill('Breakfast');
    await expect(tiles.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Titel' }).fill('kein solcher Anlass');
    await expect(page.getByText('Keine Anlässe gefunden.')).toBeVisible();
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await showYearOf(page, event);
    await expect(tiles.getByRole('listitem')).toHaveCount(count);

    // Two clubs collapse to their count.
    const clubs = page.getByRole('combobox', { name: 'Clubs' });
    await clubs.click();
    await page.getByRole('option', { name: 'BPW Luzern' }).click();
    await page.getByRole('option', { name: 'BPW Basel' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('2 ausgewählt')).toBeVisible();
    await expect(tile).toBeVisible();
    await expect(tiles.getByText('BPW Zürich', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await showYearOf(page, event);

    // The list view: a row per event.
    await page.getByRole('button', { name: 'Liste' }).click();
    const rows = page.getByRole('list', { name: 'Anlässe als Liste' });
    await expect(rows.getByRole('link', { name: new RegExp(breakfast) })).toBeVisible();
    await expectNoAxeViolations(page);

    // The map view: a marker per geocoded event (OpenLayers vector features), listed for keyboards.
    await page.getByRole('button', { name: 'Karte' }).click();
    const map = page.getByTestId('event-map');
    await expect(map).toBeVisible();
    await expect(map).toHaveCSS('height', '320px');
    await expect.poll(async () => Number(await map.getAttribute('data-marker-count'))).toBeGreaterThan(0);
    await expect(page.getByTestId('events-without-marker')).toContainText('Anlässe ohne Ort auf der Karte:');
    await page.getByRole('button', { name: /Anlässe auf der Karte/ }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('list', { name: 'Anlässe auf der Karte' }).getByRole('button', { name: breakfast }).click();
    const preview = page.getByRole('dialog', { name: breakfast });
    await expect(preview).toBeVisible();
    await expectNoAxeViolations(page);
    await preview.getByRole('link', { name: `Anlass anzeigen: ${breakfast}` }).click();
    await expect(page).toHaveURL(new RegExp(`/events-public/${event.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: breakfast })).toBeVisible();

    // The chosen view is kept for the session.
    await page.goBack();
    await expect(page.getByTestId('event-map')).toBeVisible();

    // A phone: nothing wider than the screen, in every view.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Kacheln' }).click();
    await expect(tiles).toBeVisible();
    await expectNoHorizontalScroll(page);
    // On phones the filters wait behind a button.
    await expect(page.getByRole('search', { name: 'Anlässe filtern' })).toBeHidden();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('search', { name: 'Anlässe filtern' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('an anonymous visitor opens an event and adds it to her calendar', async ({ page, expectNoAxeViolations }) => {
    const event = await findPublicEvent(page, breakfast);
    await page.goto('/events-public');
    await showYearOf(page, event);
    // Keyboard: tab to the tile and open it with Enter.
    const tile = page
      .getByRole('list', { name: 'Anlässe als Kacheln' })
      .getByRole('link', { name: new RegExp(breakfast) });
    await tile.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: breakfast })).toBeVisible();
    await expect(page).toHaveTitle(`${breakfast} – BPW Clubmanager`);
    await expect(page.getByRole('main').getByText('BPW Luzern', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Wie KMU die Digitalisierung meistern').first()).toBeVisible();
    // The registration action of an open event with free places, for a visitor.
    const registration = page.getByRole('region', { name: 'Anmeldung' });
    await expect(registration.getByRole('link', { name: 'Zum Anlass anmelden' })).toBeVisible();
    await expect(page.getByTestId('availability-registration')).toContainText('Anmeldung: Möglich bis');
    // "Not registered" is said to signed-in users only.
    await expect(page.getByTestId('availability-unregistration')).toHaveCount(0);
    // Maps search and the federal map (the event has coordinates).
    await expect(page.getByRole('link', { name: 'In Karten suchen' })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(page.getByRole('link', { name: 'Auf map.geo.admin.ch zeigen' })).toHaveAttribute(
      'href',
      /map\.geo\.admin\.ch\/\?.*E=26\d{5}.*N=12\d{5}/,
    );
    // Only signed-in users see who is registered.
    await expect(page.getByRole('heading', { name: /Angemeldete Personen/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Zum Kalender hinzufügen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await fs.readFile(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics.replace(/\r?\n[ \t]/g, '')).toContain('Business Breakfast');

    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/events-public$/);
  });

  test('an unknown event shows a notice', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/events-public/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Diesen Anlass gibt es nicht, oder er ist nicht öffentlich.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
