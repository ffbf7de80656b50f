import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

// Needs GET/PUT notification, PUT notification/{id}/is-read, POST notification/stream-ticket and
// GET notification/stream. The demo accounts have a few unread notifications. No API creates a
// notification on demand yet (the event features will), so the live journey feeds one server-sent
// event through a routed stream, and a second test checks that the real stream opens.
async function signIn(page: Page, username: string, password = 'Demo-Passw0rd') {
  await page.goto('/login');
  await page.getByLabel('Benutzername (E-Mail)').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

type NotificationItem = { id: string; title: string; eventId: string | null };
type NotificationList = { items: NotificationItem[]; total: number };

const isNotificationList = (response: Response) =>
  new URL(response.url()).pathname === '/api/v1/notification' && response.request().method() === 'GET';

test.describe('notifications', () => {
  test('a notification arrives live and is marked read', async ({ page, expectNoAxeViolations }) => {
    const firstList = page.waitForResponse(isNotificationList);
    const stream: { live?: NotificationItem } = {};
    // The stream answers one `notification` event, as the server writes it, then ends.
    await page.route('**/api/v1/notification/stream?*', async (route) => {
      const { live } = stream;
      if (!live) return route.abort();
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
        body: `retry: 60000\n\nid: ${live.id}\nevent: notification\ndata: ${JSON.stringify(live)}\n\n`,
      });
    });
    await signIn(page, 'events@example.ch');
    const list = (await (await firstList).json()) as NotificationList;
    expect(list.total).toBeGreaterThan(0);
    stream.live = list.items[0];
    const title = (stream.live as NotificationItem).title;

    // The stream reconnects with a fresh ticket and delivers: announced, and the list reloads.
    const reload = page.waitForResponse(isNotificationList);
    await expect(page.getByRole('status').filter({ hasText: `Neue Benachrichtigung: ${title}` })).toBeAttached({
      timeout: 15_000,
    });
    await reload;

    await page.getByRole('button', { name: `Benachrichtigungen: ${list.total} ungelesen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(dialog.getByText(`Ungelesen: ${list.total}`)).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3, name: title }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog
      .getByRole('button', { name: `«${title}» als gelesen markieren` })
      .first()
      .click();
    await expect(dialog.getByText(`Ungelesen: ${list.total - 1}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Schliessen' }).click();
    await expect(page.getByRole('button', { name: `Benachrichtigungen: ${list.total - 1} ungelesen` })).toBeVisible();
  });

  test('the real stream opens with a ticket once signed in', async ({ page }) => {
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/notification/stream',
    );
    await signIn(page, 'manager@example.ch');
    const response = await stream;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/event-stream');
    expect(new URL(response.url()).searchParams.get('ticket')).toBeTruthy();
  });

  test('the member opens the event of a notification and marks all read', async ({ page, expectNoAxeViolations }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const firstList = page.waitForResponse(isNotificationList);
    await signIn(page, 'member@example.ch');
    const list = (await (await firstList).json()) as NotificationList;
    expect(list.total).toBeGreaterThan(0);

    const bell = page.getByRole('button', { name: `Benachrichtigungen: ${list.total} ungelesen` });
    await expect(bell).toHaveAttribute('data-state', 'error');
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    const items = dialog.getByRole('list', { name: 'Ungelesene Benachrichtigungen' }).getByRole('listitem');
    await expect(items).toHaveCount(Math.min(5, list.total));
    await expectNoAxeViolations(page);

    // A notification about an event opens its public page.
    const withEvent = list.items.find((item) => item.eventId);
    if (withEvent) {
      await dialog.getByRole('link', { name: withEvent.title }).first().click();
      await expect(page).toHaveURL(new RegExp(`/events-public/${withEvent.eventId}$`));
      await expect(dialog).toBeHidden();
      await bell.click();
    }

    // Mark all as read, after confirming.
    await dialog.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    const confirm = page.getByRole('dialog', { name: 'Alle als gelesen markieren' });
    await confirm.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await expect(dialog.getByText('Keine ungelesenen Benachrichtigungen.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Neu laden' }).click();
    await expect(dialog.getByText('Ungelesen: 0')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Schliessen' }).click();
    const emptyBell = page.getByRole('button', { name: 'Benachrichtigungen: 0 ungelesen' });
    await expect(emptyBell).toHaveAttribute('data-state', 'success');
  });
});
