import type { Page } from '@playwright/test';
import { admin, demo, expect, expectNoHorizontalScroll, signInAs, test } from './fixtures';

/**
 * Issue 26: API tokens. A member creates a personal token on her Security page, copies the secret
 * shown once, uses it against the API, sees its last use and revokes it; a club manager creates
 * her club's token on the club page (at 360 px); an admin the association's.
 */
async function createToken(page: Page, name: string, scopeLabel?: string): Promise<string> {
  await page.getByRole('button', { name: 'Neues Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues API-Token' });
  await dialog.getByLabel('Name').fill(name);
  if (scopeLabel) await dialog.getByLabel(scopeLabel).check();
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Ihr neues Token' });
  await expect(secretDialog.getByText('nur dieses eine Mal')).toBeVisible();
  return secretDialog.getByLabel('Token').inputValue();
}

test.describe('API tokens', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member creates a personal token, copies it once, uses it and revokes it', async ({
    page,
    context,
    request,
    expectNoAxeViolations,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, demo.member);
    await page.goto('/security');
    const section = page.getByRole('region', { name: 'API-Tokens' });
    await expect(section).toBeVisible();
    const name = `Skript ${Date.now()}`;
    const secret = await createToken(page, name);
    expect(secret).toMatch(/^bpw_pat_[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Kopieren' }).click();
    await expect(page.getByText('Token kopiert.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Shown once: the list has its name and hint, never the secret.
    await expect(section.getByText(name, { exact: false })).toBeVisible();
    await expect(section.getByText(secret)).toHaveCount(0);
    await expect(section.getByText('Noch nie benutzt')).toBeVisible();

    const clubs = await request.get('/api/v1/club?PerPage=10', { headers: { Authorization: `Bearer ${secret}` } });
    expect(clubs.status()).toBe(200);
    await page.reload();
    await expect(section.getByText(/Zuletzt benutzt/)).toBeVisible();

    await section.getByRole('button', { name: `Token «${name}» widerrufen` }).click();
    await page.getByRole('dialog', { name: 'Token widerrufen?' }).getByRole('button', { name: 'Widerrufen' }).click();
    await expect(page.getByText('Token widerrufen.')).toBeVisible();
    await expect(section.getByText(/Widerrufen am/)).toBeVisible();
    const refused = await request.get('/api/v1/club?PerPage=10', { headers: { Authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toContain('application/problem+json');
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("a club manager creates her club's token on the club page", async ({ page, expectNoAxeViolations }) => {
      await signInAs(page, demo.manager);
      const clubs = await page.evaluate(async () => {
        const raw = window.localStorage.getItem('bpw.auth');
        const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
        const res = await fetch('/api/v1/club?PerPage=0', { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { items: { id: string; name: string }[] }).items;
      });
      const zurich = clubs.find((club) => club.name === 'BPW Zürich');
      expect(zurich).toBeDefined();
      await page.goto(`/clubs/${zurich!.id}`);
      await page.getByRole('tab', { name: 'API-Tokens' }).click();
      await expect(page.getByRole('region', { name: 'API-Tokens des Clubs' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      const secret = await createToken(page, `Website ${Date.now()}`, 'Anlässe lesen');
      expect(secret).toMatch(/^bpw_svc_/);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Fertig' }).click();
      await expect(page.getByText(/persons:read, events:read/)).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test("an admin manages the association's tokens", async ({ page, expectNoAxeViolations }) => {
      await signInAs(page, admin);
      await page.goto('/api-tokens');
      await expect(page.getByRole('heading', { level: 1, name: 'API-Tokens des Verbands' })).toBeVisible();
      await expectNoAxeViolations(page);
      const secret = await createToken(page, `Buchhaltung ${Date.now()}`);
      expect(secret).toMatch(/^bpw_svc_/);
      await expectNoHorizontalScroll(page);
    });
  });
});
