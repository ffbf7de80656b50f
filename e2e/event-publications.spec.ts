import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, claimsOf, demo, expect, signInAs, test } from './fixtures';

// Publications (spec 02 §2 "Publications tab", §4, §6): an administrator offers an event of BPW
// Bern to other clubs from its event page; BPW Zürich's event manager confirms it on her club page;
// a member of BPW Zürich subscribed to EventPublished finds the notification in her bell. Needs
// POST event, PUT event/{id}/event-state, the event-publication calls, notification subscriptions
// and GET notification.

type Headers = Record<string, string>;

const title = `Publikation E2E ${randomUUID().slice(0, 8)}`;
let eventId = '';

async function signInByApi(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/v1/auth/authenticate', {
    data: { username, password, acceptedTermsAndConditions: true },
  });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { headers: { Authorization: `Bearer ${token}` } as Headers, personId: String(claimsOf(token).sub) };
}

const isoInDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * BPW Bern's event, open for registration; and the member of BPW Zürich subscribes to "new events"
 * of her club in the app (the demo gives that subscription to managers only).
 */
async function setUp(request: APIRequestContext) {
  const clubs = (await (await request.get('/api/v1/club-public', { params: { PerPage: 0 } })).json()) as {
    items: { id: string; name: string }[];
  };
  const clubId = (name: string) => clubs.items.find((club) => club.name === name)?.id;
  const categories = (await (
    await request.get('/api/v1/event-category-public', { params: { PerPage: 0 } })
  ).json()) as { items: { id: string }[] };
  const { headers } = await signInByApi(request, admin.username, admin.password);
  const created = await request.post('/api/v1/event', {
    headers,
    data: {
      title,
      eventCategoryIds: [categories.items[0]?.id],
      eventFrom: isoInDays(40),
      eventTo: isoInDays(40, 2),
      registrationSlots: 0,
      location: 'Kornhausforum',
      street: 'Kornhausplatz 18',
      zip: '3011',
      city: 'Bern',
      teaserText: 'Unternehmerinnen aus der ganzen Schweiz erzählen.',
      contactDetails: 'BPW Bern',
      responsibleClubId: clubId('BPW Bern'),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = ((await created.json()) as { id: string }).id;
  const opened = await request.put(`/api/v1/event/${eventId}/event-state`, { headers, data: { eventState: 20 } });
  expect(opened.ok(), await opened.text()).toBe(true);

  const member = await signInByApi(request, demo.member.username, demo.member.password);
  const subscribed = await request.post(`/api/v1/person/${member.personId}/notification-subscription`, {
    headers: member.headers,
    data: { clubId: clubId('BPW Zürich'), notificationType: 2, isApplicationEnabled: true, isEmailEnabled: false },
  });
  // 409: she is subscribed already (a journey run before on the same data).
  expect([201, 409], await subscribed.text()).toContain(subscribed.status());
}

async function openClub(page: Page, name: string) {
  await page.goto('/clubs');
  await page.getByRole('searchbox', { name: 'Clubs suchen' }).fill(name.replace('BPW ', ''));
  await page.getByRole('table', { name: 'Clubs' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe.serial('publications', () => {
  test.beforeAll(async ({ request }) => {
    await setUp(request);
  });

  test('an administrator offers an event to other clubs and withdraws one offer', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, admin);
    await page.goto(`/events/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publikation hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publikation hinzufügen' });
    const offer = dialog.getByRole('button', { name: 'Anbieten' });
    await expect(offer).toBeDisabled();
    // Administrators may lock; the event's own club is not offered.
    await expect(dialog.getByLabel(/Sperren/)).not.toBeChecked();
    const clubs = dialog.getByRole('combobox', { name: 'Clubs' });
    await clubs.click();
    await expect(page.getByRole('option', { name: 'BPW Bern', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'BPW Zürich' }).click();
    await page.getByRole('option', { name: 'BPW Basel' }).click();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    await offer.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Der Anlass wurde 2 Clubs angeboten.')).toBeVisible();

    // The page shows its publications tab, both clubs invited.
    await expect(page.getByRole('tab', { name: 'Publikationen' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: `Publikationen von ${title}` });
    await expect(table.getByRole('row').filter({ hasText: 'BPW Zürich' })).toContainText('Eingeladen');
    await expect(table.getByRole('row').filter({ hasText: 'BPW Basel' })).toContainText('Eingeladen');
    await expectNoAxeViolations(page);

    // A club the event is offered to already is not offered again.
    await page.getByRole('button', { name: 'Publikation hinzufügen' }).click();
    await dialog.getByRole('combobox', { name: 'Clubs' }).click();
    await expect(page.getByRole('option', { name: 'BPW Zürich' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    await table.getByRole('button', { name: 'Publikation an BPW Basel löschen' }).click();
    await page.getByRole('dialog', { name: 'Publikation löschen' }).getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Der Anlass wird BPW Basel nicht mehr angeboten.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'BPW Basel' })).toHaveCount(0);
  });

  test("BPW Zürich's event manager confirms the offer on her club page, on a phone", async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, demo.events);
    await openClub(page, 'BPW Zürich');
    await page.getByRole('tab', { name: 'Publikationen' }).click();
    await page.getByRole('searchbox', { name: 'Anlässe suchen' }).fill(title);
    const table = page.getByRole('table', { name: 'Anlässe, die BPW Zürich angeboten werden' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Eingeladen');
    await expect(row).toContainText('BPW Bern');
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // By keyboard: the confirm button of the row.
    const confirm = row.getByRole('button', { name: `«${title}» bestätigen` });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`«${title}» ist bestätigt.`)).toBeVisible();
    await expect(row).toContainText('Bestätigt');
    await expect(confirm).toBeDisabled();
    await expect(row.getByRole('button', { name: `«${title}» ablehnen` })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('a member of BPW Zürich who follows new events finds the notification in her bell', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.member);
    await page.getByRole('button', { name: /^Benachrichtigungen: \d+ ungelesen$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    const notice = dialog.getByRole('heading', { level: 3, name: `Neuer Anlass: ${title}` });
    await expect(notice).toBeVisible();
    await expect(dialog).toContainText(`BPW Bern hat den Anlass ${title} veröffentlicht.`);
    await expectNoAxeViolations(page);
    await dialog
      .getByRole('link', { name: `Neuer Anlass: ${title}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}$`));
  });
});
