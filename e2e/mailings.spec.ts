import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  demo,
  expect,
  expectNoHorizontalScroll,
  listMails,
  signInAs,
  storedSession,
  test,
  waitForMail,
} from './fixtures';

/**
 * Issue 18: a club manager composes a mailing to her club's members in two languages, previews
 * it, sends a test to herself (read from the e2e server's .eml outbox), sends it and sees the
 * progress reach "sent"; a member joins an open mailing list and leaves it through the mailed
 * unsubscribe link (no sign-in); a member cannot compose. axe on every screen, 360 px, keyboard.
 */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object) {
  const session = await storedSession(page);
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${session?.token ?? ''}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.status() === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

async function zurichId(page: Page): Promise<string> {
  const clubs = (await api(page, 'GET', '/club?PerPage=0')) as { items: { id: string; name: string }[] };
  return clubs.items.find((club) => club.name === 'BPW Zürich')!.id;
}

const suffix = () => Math.random().toString(36).slice(2, 7);

test.describe('mailings', () => {
  test.describe.configure({ timeout: 420_000 });

  test('a manager composes to her club in two languages, previews, tests, sends and sees it sent', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const subject = `Einladung Herbstanlass ${suffix()}`;
    await signInAs(page, demo.manager);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mailings' }).click();
    await expect(page).toHaveURL(/\/mailings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mailings' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Verteilerlisten' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Neues Mailing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neues Mailing' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Empfängerinnen' })).toContainText('Mitglieder eines Clubs');
    await expect(page.getByRole('combobox', { name: 'Club' })).toContainText('BPW Zürich');

    // German: subject, a body with a placeholder chip inserted at the cursor.
    await page.getByRole('textbox', { name: 'Betreff' }).fill(subject);
    const body = page.getByRole('textbox', { name: 'Text', exact: true });
    await body.fill('Liebe ');
    await page.getByRole('button', { name: '{firstName} einfügen' }).click();
    await body.press('End');
    await body.pressSequentially(', wir laden dich ein.');
    await expect(body).toHaveValue('Liebe {firstName}, wir laden dich ein.');
    await expectNoAxeViolations(page);

    // French, reached by keyboard on the language tabs.
    await page.getByRole('tab', { name: /Deutsch/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Französisch' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: 'Betreff' }).fill(`Invitation apéro ${subject.slice(-5)}`);
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Chère {firstName}, bienvenue.');

    await page.getByRole('button', { name: 'Entwurf speichern' }).click();
    await expect(page).toHaveURL(/\/mailings\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Entwurf gespeichert.')).toBeVisible();
    const mailingId = page.url().split('/').pop()!;

    // Attachments: more than 10 MB in all is refused with a clear message; a small file is added.
    const attach = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Datei anhängen' }).click();
      await (await chooser).setFiles(file);
    };
    await attach({ name: 'gross.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
    await expect(page.getByText(/«gross\.pdf» \(11 MB\) ist zu gross/)).toBeVisible({ timeout: 15_000 });
    await attach({ name: 'programm.txt', mimeType: 'text/plain', buffer: Buffer.from('18:00 Apéro\n19:00 Vortrag\n') });
    await expect(page.getByText('programm.txt')).toBeVisible({ timeout: 15_000 });

    // Preview per language, and a test to herself.
    await page.getByRole('button', { name: 'Vorschau und Test' }).click();
    const preview = page.getByRole('dialog', { name: 'Vorschau' });
    await expect(preview.getByText(subject)).toBeVisible({ timeout: 15_000 });
    await expect(preview.getByText(/^Empfängerinnen: \d+/)).toBeVisible();
    // The mail's HTML sits in a sandboxed frame without scripts: axe's per-frame run waits for it
    // forever, so this check runs axe in the page alone (the frame holds the sender's text).
    const dialogAxe = await new AxeBuilder({ page }).setLegacyMode().exclude('iframe').analyze();
    expect(dialogAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await preview.getByRole('tab', { name: 'Französisch' }).click();
    await expect(preview.getByText(/^Invitation apéro/)).toBeVisible();
    const before = await listMails();
    const tested = page.waitForResponse((response) => response.url().endsWith(`/mailing/${mailingId}/test`));
    await preview.getByRole('tab', { name: 'Deutsch' }).click();
    await preview.getByRole('button', { name: 'Test an mich senden' }).click();
    const { address } = (await (await tested).json()) as { address: string };
    await expect(page.getByText(`Test an ${address} gesendet.`)).toBeVisible();
    const testMail = await waitForMail(address, before, 20_000);
    expect(testMail).toContain('[Test]');
    expect(testMail).toContain(subject);
    // Escape closes the dialog from inside it (focus may have been left in the mail's frame, whose
    // keys never reach the dialog).
    await preview.getByRole('tab', { name: 'Deutsch' }).focus();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // Send, confirmed with the recipient count; the progress reaches "sent".
    await page.getByRole('button', { name: 'Senden…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mailing senden?' });
    const sendButton = confirm.getByRole('button', { name: /^An \d+ senden$/ });
    await expect(sendButton).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    const count = Number((await sendButton.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(1);
    const beforeSend = await listMails();
    await sendButton.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Versand' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: /^Gesendet · \d+ von \d+ gesendet$/ })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByRole('progressbar', { name: 'Fortschritt des Versands' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(page.getByRole('table', { name: 'Empfängerinnen' })).toContainText('Gesendet');
    await expectNoAxeViolations(page);
    // A member of the club has it in her mailbox, in German.
    const memberMail = await waitForMail(demo.member.username, beforeSend, 30_000);
    expect(memberMail).toContain(subject);
    expect(memberMail).toContain('Liebe Julia, wir laden dich ein.');

    // The archive lists it; at 360 px the mailing page fits.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Zu den Mailings' }).click();
    await expect(page.getByRole('table', { name: 'Gesendete Mailings und Entwürfe' })).toContainText(subject);
    await expectNoHorizontalScroll(page);
  });

  test('a member joins an open list and leaves it through the mailed link', async ({
    page,
    browser,
    expectNoAxeViolations,
  }) => {
    const listName = `Apéro-Gruppe ${suffix()}`;
    await signInAs(page, demo.manager);
    const clubId = await zurichId(page);
    const list = await api(page, 'POST', '/mailing-list', {
      clubId,
      name: listName,
      description: 'Apéros in Zürich',
      isOpen: true,
    });
    const managerToken = (await storedSession(page))!.token;
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());

    await signInAs(page, demo.member);
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mailings' }),
    ).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Verteilerlisten' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verteilerlisten' })).toBeVisible({ timeout: 15_000 });
    const item = page
      .getByRole('list', { name: 'Verteilerlisten' })
      .getByRole('listitem')
      .filter({ hasText: listName });
    await expect(item).toContainText('nicht eingetragen');
    await expectNoAxeViolations(page);
    await item.getByRole('button', { name: `Eintragen: ${listName}` }).press('Enter');
    await expect(page.getByText(`Sie sind in «${listName}» eingetragen.`)).toBeVisible();
    await expect(item.getByRole('button', { name: `Austragen: ${listName}` })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // The manager writes to the list; the mail carries the unsubscribe link.
    const before = await listMails();
    const headers = { Authorization: `Bearer ${managerToken}` };
    const created = await page.request.post('/api/v1/mailing', {
      headers,
      data: {
        audience: { kind: 'list', mailingListId: list.id },
        isAdvertising: false,
        texts: [{ language: 'de', subject: `Neues aus ${listName}`, body: 'Hallo {firstName}' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const mailing = (await created.json()) as { id: string };
    const sent = await page.request.post(`/api/v1/mailing/${mailing.id}/send`, { headers });
    expect(sent.status(), await sent.text()).toBe(202);
    const mail = await waitForMail(demo.member.username, before, 60_000);
    expect(mail).toMatch(/^List-Unsubscribe:\s*<http[^>]+\/api\/v1\/mailing-unsubscribe\/[^>]+>/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /https?:\/\/[^\s"<>]+(\/unsubscribe\/[A-Za-z0-9._~-]+)/.exec(mail)?.[1];
    expect(link, 'the mail holds an /unsubscribe/ link').toBeTruthy();

    // Opened without a sign-in, in a browser set to English: the page speaks hers (German, from
    // the API's answer), names the list, unsubscribes on the button, and says so.
    const anonymous = await browser.newContext({ locale: 'en-US', viewport: { width: 360, height: 740 } });
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto(link!);
      await expect(visitor).toHaveURL(/\/unsubscribe\//);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Von der Verteilerliste abmelden' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(visitor.getByText(`«${listName} (BPW Zürich)»`, { exact: false })).toBeVisible();
      await expectNoHorizontalScroll(visitor);
      await expectNoAxeViolations(visitor);
      await visitor.getByRole('button', { name: 'Abmelden' }).click();
      await expect(visitor.getByRole('status')).toContainText(`von der Liste «${listName} (BPW Zürich)» abgemeldet`);
      await expectNoAxeViolations(visitor);
    } finally {
      await anonymous.close();
    }

    // She is off the list.
    await page.reload();
    await expect(item).toContainText('nicht eingetragen', { timeout: 15_000 });
    await api(page, 'GET', `/mailing-list/${String(list.id)}`).then((shown) => expect(shown.isSubscribed).toBe(false));
    await page.request.delete(`/api/v1/mailing-list/${String(list.id)}`, { headers });
  });

  test('a member cannot open the compose page', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, demo.member);
    await page.goto('/mailings/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Neues Mailing' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Sie dürfen keine Mailings schreiben.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entwurf speichern' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The server refuses her anyway.
    const session = await storedSession(page);
    const clubs = (await (
      await page.request.get('/api/v1/club?PerPage=0', { headers: { Authorization: `Bearer ${session!.token}` } })
    ).json()) as { items: { id: string; name: string }[] };
    const clubId = clubs.items.find((club) => club.name === 'BPW Zürich')!.id;
    const refused = await page.request.post('/api/v1/mailing', {
      headers: { Authorization: `Bearer ${session!.token}` },
      data: {
        audience: { kind: 'club', clubId },
        isAdvertising: false,
        texts: [{ language: 'de', subject: 'x', body: '' }],
      },
    });
    expect(refused.status()).toBe(403);
  });
});
