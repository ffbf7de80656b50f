import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

// Needs GET/PUT notification, PUT notification/{id}/is-read, POST notification/stream-ticket and
// GET notification/stream. Julia Widmer (member@example.ch) has demo notifications. No API
// creates a notification on demand yet (the event features will), so the live journey feeds one
// server-sent event through a routed stream; the stream test below checks the real stream opens.
async function signIn(page: Page, username: string, password: string) {
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

const member = { username: 'member@example.ch', password: 'Demo-Passw0rd' };

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
    await signIn(page, member.username, member.password);
    const list = (await (await firstList).json()) as NotificationList;
    expect(list.total).toBeGreaterThan(0);
    stream.live = list.items[0];
    const title = (stream.live as NotificationItem).title;

    // The stream reconnects (a fresh ticket) and delivers: the list reloads and it is announced.
    const reload = page.waitForResponse(isNotificationList);
    await expect(page.getByRole('status').filter({ hasText: `Neue Benachrichtigung: ${title}` })).toBeAttached({
      timeout: 15_000,
    });
    await reload;

    const bell = page.getByRole('button', { name: `Benachrichtigungen: ${list.total} ungelesen` });
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(dialog.getByRole('heading', { level: 3, name: title }).first()).toBeVisible();
    await dialog.getByRole('button', { name: `«${title}» als gelesen markieren` }).first().click();
    await expect(page.getByRole('button', { name: `Benachrichtigungen: ${list.total - 1} ungelesen` })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the real stream opens with a ticket once signed in', async ({ page }) => {
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/notification/stream',
    );
    await signIn(page, member.username, member.password);
    const response = await stream;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/event-stream');
    expect(new URL(response.url()).searchParams.get('ticket')).toBeTruthy();
  });

  test('the member pages through her notifications, opens an event and marks all read', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const firstList = page.waitForResponse(isNotificationList);
    await signIn(page, member.username, member.password);
    const list = (await (await firstList).json()) as NotificationList;
    expect(list.total).toBeGreaterThan(0);

    const bell = page.getByRole('button', { name: `Benachrichtigungen: ${list.total} ungelesen` });
    await expect(bell).toHaveAttribute('data-state', 'error');
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(dialog.getByText(`Ungelesen: ${list.total}`)).toBeVisible();
    const items = dialog.getByRole('list', { name: 'Ungelesene Benachrichtigungen' }).getByRole('listitem');
    await expect(items).toHaveCount(Math.min(5, list.total));
    if (list.total > 5) {
      const pager = dialog.getByRole('navigation', { name: 'Seiten der Benachrichtigungen' });
      expect(await pager.getByRole('button', { name: /^Seite \d+$/ }).count()).toBeLessThanOrEqual(5);
      await pager.getByRole('button', { name: 'Seite 2' }).click();
      await expect(pager.getByRole('button', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
      await pager.getByRole('button', { name: 'Seite 1' }).click();
    }
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
    await dialog.getByRole('button', { name: 'Schliessen' }).click();
    const emptyBell = page.getByRole('button', { name: 'Benachrichtigungen: 0 ungelesen' });
    await expect(emptyBell).toHaveAttribute('data-state', 'success');
    await expectNoAxeViolations(page);
  });
});
