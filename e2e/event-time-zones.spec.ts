import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { demo, expect, expectNoHorizontalScroll, signInAs, storedSession, test } from './fixtures';

// Issue 27: an event's times are Swiss times, for a manager entering them and a visitor reading
// them, whatever the zone of their computer; a computer in another zone is told which time it is.
// The same journey runs in a browser set to Zurich and one set to New York.

async function openClub(page: Page, name: string) {
  await page.goto('/clubs');
  await page.getByRole('searchbox', { name: 'Clubs suchen' }).fill(name.replace('BPW ', ''));
  await page.getByRole('table', { name: 'Clubs' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function typeInto(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.fill(text);
  await field.press('Tab');
}

for (const timezoneId of ['Europe/Zurich', 'America/New_York']) {
  const isAbroad = timezoneId !== 'Europe/Zurich';

  test.describe(`event times in a browser set to ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('the manager enters Swiss times and everybody reads Swiss times', async ({
      page,
      browser,
      expectNoAxeViolations,
    }) => {
      test.setTimeout(180_000);
      const title = `Frühstück ${timezoneId.split('/')[1]} ${randomUUID().slice(0, 8)}`;
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);

      await signInAs(page, demo.events);
      await openClub(page, 'BPW Zürich');
      await page.getByRole('button', { name: 'Aktionen für diesen Club' }).click();
      await page.getByRole('menuitem', { name: 'Anlass hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Anlass erstellen' });
      await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
      await dialog.getByRole('combobox', { name: 'Kategorien' }).click();
      await page.getByRole('option', { name: 'Workshop' }).click();

      // 07:30 to 10:00 on a winter day in Switzerland (UTC+1), New York is at UTC-5.
      await typeInto(page, dialog.getByRole('textbox', { name: 'Datum von' }), '15.01.2030');
      await typeInto(page, dialog.getByRole('combobox', { name: 'Zeit von' }), '07:30');
      await typeInto(page, dialog.getByRole('textbox', { name: 'Datum bis' }), '15.01.2030');
      await typeInto(page, dialog.getByRole('combobox', { name: 'Zeit bis' }), '10:00');
      await dialog.getByRole('radio', { name: 'Unbegrenzte Plätze' }).check();
      await typeInto(page, dialog.getByRole('textbox', { name: 'Anmeldeschluss Datum' }), '14.01.2030');
      await typeInto(page, dialog.getByRole('combobox', { name: 'Anmeldeschluss Zeit' }), '18:00');
      // A browser abroad is told that the times are Swiss times.
      await expect(dialog.getByText('Schweizer Zeit (Europe/Zurich)')).toHaveCount(isAbroad ? 4 : 0);

      await dialog.getByRole('textbox', { name: 'Ort', exact: true }).fill('Hotel Schweizerhof');
      await dialog.getByRole('textbox', { name: 'Strasse' }).fill('Schweizerhofquai 3');
      await dialog.getByRole('textbox', { name: 'PLZ' }).fill('6004');
      await dialog.getByRole('textbox', { name: 'Ort (Gemeinde)' }).fill('Luzern');
      await dialog.getByRole('textbox', { name: 'Kurzbeschreibung' }).fill('Ein Frühstück mit Aussicht.');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const eventId = new URL(page.url()).pathname.split('/').pop()!;

      // What reached the server: the Swiss times as UTC, whatever the browser's zone.
      const session = await storedSession(page);
      const auth = { Authorization: `Bearer ${session!.token}` };
      const stored = (await (await page.request.get(`/api/v1/event/${eventId}`, { headers: auth })).json()) as {
        eventFrom: string;
        eventTo: string;
        registrationTo: string;
      };
      expect([stored.eventFrom, stored.eventTo, stored.registrationTo]).toEqual([
        '2030-01-15T06:30:00Z',
        '2030-01-15T09:00:00Z',
        '2030-01-14T17:00:00Z',
      ]);

      // The staff page shows them as entered, naming the zone for the browser abroad.
      const main = page.getByRole('main');
      await expect(main).toContainText('07:30');
      await expect(main).toContainText('18:00');
      if (isAbroad) await expect(main).toContainText('(Schweizer Zeit)');
      else await expect(main).not.toContainText('Schweizer Zeit');
      await expectNoAxeViolations(page);

      // The edit form reads them back on the Swiss clock.
      await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
      const edit = page.getByRole('dialog', { name: 'Anlass bearbeiten' });
      await expect(edit.getByRole('combobox', { name: 'Zeit von' })).toHaveValue('07:30');
      await expect(edit.getByRole('combobox', { name: 'Anmeldeschluss Zeit' })).toHaveValue('18:00');
      await edit.getByRole('button', { name: 'Abbrechen' }).click();

      const opened = await page.request.put(`/api/v1/event/${eventId}/event-state`, {
        headers: auth,
        data: { eventState: 20 },
      });
      expect(opened.status()).toBe(200);

      // A visitor in the same zone: the page's own head, and Swiss times on the page.
      const visitor = await browser.newContext({
        timezoneId,
        locale: 'de-CH',
        baseURL: test.info().project.use.baseURL,
      });
      const guest = await visitor.newPage();
      await guest.goto(`/events-public/${eventId}`);
      await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(guest.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        'Ein Frühstück mit Aussicht.',
      );
      const jsonLd = JSON.parse((await guest.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
        startDate: string;
        endDate: string;
        location: { address: { addressLocality: string } };
      };
      expect(jsonLd.startDate).toBe('2030-01-15T07:30:00+01:00');
      expect(jsonLd.endDate).toBe('2030-01-15T10:00:00+01:00');
      expect(jsonLd.location.address.addressLocality).toBe('Luzern');
      const guestMain = guest.getByRole('main');
      await expect(guestMain).toContainText(/15\.01\.2030, 07:30\s*–\s*10:00/);
      await expect(guestMain).toContainText('14.01.2030, 18:00');
      if (isAbroad) await expect(guestMain).toContainText('(Schweizer Zeit)');
      else await expect(guestMain).not.toContainText('Schweizer Zeit');
      await expectNoAxeViolations(guest);
      await guest.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalScroll(guest);

      // The list's language link opens the list in that language, with its head in it.
      await guest.goto('/events-public?lang=fr');
      await expect(guest.locator('html')).toHaveAttribute('lang', 'fr-CH');
      await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Événements publics');
      await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(guest);
      await visitor.close();
    });
  });
}
