import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { admin, demo, expect, expectNoHorizontalScroll, signInAs, storedSession, test } from './fixtures';

/**
 * Issue 26: an admin subscribes the association to person.updated with the receiver this spec
 * starts on 127.0.0.1 (allow-listed by WEBHOOK_ALLOWED_HOSTS in playwright.config.ts): the
 * secret is shown once, a person change arrives signed, the delivery log shows it, "send again"
 * repeats it with the same webhook-id; disabling, a new secret and deleting. A club manager finds
 * the tab on her club's page. axe at desktop width and at 360 px.
 */
type Received = { headers: http.IncomingHttpHeaders; body: string };

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook/${randomUUID().slice(0, 8)}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256 of id.timestamp.body> with the secret after `whsec_`. */
function isSigned(message: Received, secret: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(message.headers['webhook-id'])}.${String(message.headers['webhook-timestamp'])}.${message.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(message.headers['webhook-signature']).split(' ').includes(expected);
}

async function adminHeaders(request: APIRequestContext) {
  const signedIn = await request.post('/api/v1/auth/authenticate', {
    data: { username: admin.username, password: admin.password, acceptedTermsAndConditions: true },
  });
  return { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
}

test.describe('webhooks', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin subscribes, sees deliveries, sends one again, disables, rotates and deletes', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const receiver = await startReceiver();
    const headers = await adminHeaders(request);
    const clubs = (await (await request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
      items: { id: string; name: string }[];
    };
    const created = await request.post('/api/v1/person', {
      headers,
      data: {
        firstname: 'Wanda',
        lastname: `Hook ${randomUUID().slice(0, 4)}`,
        username: `hook-${randomUUID().slice(0, 8)}@example.ch`,
        password: 'Haken-Passw0rt-42',
        birthday: '1981-05-06',
        language: 'de',
        clubId: clubs.items.find((club) => club.name === 'BPW Zürich')?.id,
        membershipType: 0,
        clubFrom: '2020-01-01',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id: personId } = (await created.json()) as { id: string };
    try {
      await signInAs(page, admin);
      await page.getByRole('link', { name: 'Webhooks' }).first().click();
      await expect(page).toHaveURL(/\/webhooks$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

      // Subscribe; the signing secret is shown this once.
      await page.getByRole('button', { name: 'Neuer Webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Neuer Webhook' });
      await form.getByLabel('Adresse (URL)').fill(receiver.url);
      await form.getByRole('checkbox', { name: 'Person geändert (person.updated)' }).check();
      // Issue 17 sends the invoice events; applications are still to come.
      await expect(form.getByRole('checkbox', { name: 'Rechnung bezahlt (invoice.paid)' })).toBeEnabled();
      await expect(form.getByRole('checkbox', { name: /application\.received/ })).toBeDisabled();
      await expectNoAxeViolations(page);
      await form.getByRole('button', { name: 'Speichern' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Signaturschlüssel des Webhooks' });
      const secret = await secretDialog.getByLabel('Signaturschlüssel').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
      await expect(secretDialog.getByRole('button', { name: 'Kopieren' })).toBeVisible();
      await expectNoAxeViolations(page);
      await secretDialog.getByRole('button', { name: 'Fertig' }).click();
      await expect(secretDialog).toBeHidden();
      const list = page.getByRole('list', { name: 'Webhooks des Verbands' });
      const item = list.getByRole('listitem').filter({ hasText: receiver.url });
      await expect(item.getByText('Ereignisse: person.updated')).toBeVisible();
      await expect(item.getByText('Aktiv', { exact: true })).toBeVisible();
      await expect(item.getByText('Noch keine Zustellung')).toBeVisible();

      // A change to a person arrives, signed with that secret.
      const person = (await (await request.get(`/api/v1/person/${personId}`, { headers })).json()) as Record<
        string,
        unknown
      >;
      const changed = await request.put(`/api/v1/person/${personId}`, {
        headers,
        data: { ...person, lastname: `${String(person.lastname)} Neu` },
      });
      expect(changed.status(), await changed.text()).toBe(200);
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const first = receiver.received[0]!;
      expect(isSigned(first, secret)).toBe(true);
      expect((JSON.parse(first.body) as { type: string; data: { id: string } }).type).toBe('person.updated');

      // The delivery log shows it; "send again" repeats it with the same webhook-id.
      await page.reload();
      await expect(item.getByText('Letzte Zustellung: erfolgreich (200)')).toBeVisible();
      await item.getByRole('button', { name: `Zustellprotokoll: ${receiver.url}` }).click();
      const log = page.getByRole('dialog', { name: 'Zustellprotokoll' });
      const entries = log.getByRole('listitem');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText('person.updated');
      await expect(entries.first()).toContainText('Status 200');
      await expect(entries.first()).toContainText('Versuch 1');
      await expect(log.getByText('1–1 von 1')).toBeVisible();
      await expectNoAxeViolations(page);
      await entries
        .first()
        .getByRole('button', { name: /^Erneut senden: person\.updated/ })
        .click();
      await expect(page.getByText('Die Meldung wird erneut gesendet.')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
      await expect(async () => {
        await log.getByRole('button', { name: 'Aktualisieren' }).click();
        await expect(entries).toHaveCount(2, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await log.getByRole('button', { name: 'Schliessen' }).click();
      await expect(log).toBeHidden();

      // Disabled: the chip says so.
      await item.getByRole('button', { name: `Bearbeiten: ${receiver.url}` }).click();
      const edit = page.getByRole('dialog', { name: 'Webhook bearbeiten' });
      await edit.getByRole('switch', { name: 'Aktiv' }).uncheck();
      await edit.getByRole('button', { name: 'Speichern' }).click();
      await expect(edit).toBeHidden();
      await expect(item.getByText('Deaktiviert', { exact: true })).toBeVisible();

      // A new secret, shown once, differs from the first.
      await item.getByRole('button', { name: `Neuer Schlüssel: ${receiver.url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Neuer Schlüssel' }).click();
      const rotated = await secretDialog.getByLabel('Signaturschlüssel').inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await secretDialog.getByRole('button', { name: 'Fertig' }).click();

      // At 360 px: no horizontal scroll, the log fits, axe.
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await item.getByRole('button', { name: `Zustellprotokoll: ${receiver.url}` }).click();
      await expect(log.getByRole('listitem')).toHaveCount(2);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(log).toBeHidden();

      // Deleted after confirmation.
      await item.getByRole('button', { name: `Löschen: ${receiver.url}` }).click();
      await page.getByRole('dialog', { name: 'Webhook löschen?' }).getByRole('button', { name: 'Löschen' }).click();
      await expect(page.getByText('Webhook gelöscht.')).toBeVisible();
      await expect(item).toHaveCount(0);
    } finally {
      await request.delete(`/api/v1/person/${personId}`, { headers });
      await receiver.close();
    }
  });

  test('a club manager finds the webhooks tab of her club', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, demo.manager);
    const session = await storedSession(page);
    const clubs = await page.request.get('/api/v1/club?PerPage=0', {
      headers: { authorization: `Bearer ${session!.token}` },
    });
    const clubId = ((await clubs.json()).items as { id: string; name: string }[]).find(
      (club) => club.name === 'BPW Zürich',
    )!.id;
    await page.goto(`/clubs/${clubId}`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks des Clubs' })).toBeVisible();
    await page.getByRole('button', { name: 'Neuer Webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Neuer Webhook' });
    await form.getByLabel('Adresse (URL)').fill('http://10.0.0.1/hook');
    await form.getByRole('checkbox', { name: 'Person erfasst (person.created)' }).check();
    await form.getByRole('button', { name: 'Speichern' }).click();
    // The server refuses a private address; its localised reason shows in the form.
    await expect(form.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Abbrechen' }).click();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});
