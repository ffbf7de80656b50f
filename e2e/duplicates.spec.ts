import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { admin, expect, expectNoHorizontalScroll, signInAs, test } from './fixtures';

/** Issue 16: the duplicate list, "not a duplicate" and the merge dialog, in German (the admin's language). */
async function adminHeaders(request: APIRequestContext) {
  const signedIn = await request.post('/api/v1/auth/authenticate', {
    data: { username: admin.username, password: admin.password, acceptedTermsAndConditions: true },
  });
  return { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
}

/** Two members of BPW Zürich with the same name and birthday (a likely duplicate pair). */
async function createPair(request: APIRequestContext, headers: Record<string, string>, lastname: string) {
  const clubs = (await (await request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  const clubId = clubs.items.find((club) => club.name === 'BPW Zürich')?.id;
  const ids: string[] = [];
  for (const language of ['de', 'fr']) {
    const created = await request.post('/api/v1/person', {
      headers,
      data: {
        firstname: 'Regula',
        lastname,
        username: `dup-${randomUUID().slice(0, 8)}@example.ch`,
        password: 'Dubletten-Passw0rd',
        birthday: '1966-06-16',
        language,
        clubId,
        membershipType: 0,
        clubFrom: '2020-01-01',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }
  return ids as [string, string];
}

test.describe('duplicates', () => {
  // Other journeys pick members of BPW Zürich by last name: these go again after each test.
  let cleanUp: string[] = [];
  test.afterEach(async ({ request }) => {
    const headers = await adminHeaders(request);
    for (const id of cleanUp) await request.delete(`/api/v1/person/${id}`, { headers });
    cleanUp = [];
  });

  test('an admin dismisses one pair and merges another, by keyboard, and the old page points on', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(300_000);
    const headers = await adminHeaders(request);
    const tag = randomUUID().slice(0, 6);
    const [keepId, mergeId] = await createPair(request, headers, `Aadublette ${tag}`);
    const dismissed = await createPair(request, headers, `Aadismiss ${tag}`);
    cleanUp.push(keepId, ...dismissed);

    await signInAs(page, admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Duplikate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Duplikate' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Mögliche doppelte Personen' });
    await expect(table.getByRole('row').filter({ hasText: `Aadublette ${tag}` })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: `Aadublette ${tag}` })).toContainText(
      'Derselbe Name und Geburtstag',
    );
    await expectNoAxeViolations(page);

    // "Not a duplicate" with the keyboard, confirmed; the pair leaves the list for good.
    const dismiss = page.getByRole('button', {
      name: `Regula Aadismiss ${tag} und Regula Aadismiss ${tag} sind kein Duplikat`,
    });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Kein Duplikat?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Kein Duplikat' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Das Paar wird nicht mehr aufgeführt.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `Aadismiss ${tag}` })).toHaveCount(0);

    // The merge dialog: keep the first, take the other's correspondence language.
    await page
      .getByRole('button', {
        name: `Regula Aadublette ${tag} und Regula Aadublette ${tag} vergleichen und zusammenführen`,
      })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Personen zusammenführen' });
    await expect(dialog.getByRole('radiogroup', { name: 'Welche Person bleibt?' })).toBeVisible();
    const language = dialog.getByRole('radiogroup', { name: 'Korrespondenzsprache' });
    await expect(language).toBeVisible();
    await expectNoAxeViolations(page);
    const radios = dialog.getByRole('radiogroup', { name: 'Welche Person bleibt?' }).getByRole('radio');
    // The list's first person is the one with the smaller id: keep the one created first.
    const keptIndex = [keepId, mergeId].sort()[0] === keepId ? 0 : 1;
    await radios.nth(keptIndex).check();
    const languageRadios = language.getByRole('radio');
    await languageRadios.nth(keptIndex).focus();
    await page.keyboard.press(keptIndex === 0 ? 'ArrowDown' : 'ArrowUp');
    await expect(languageRadios.nth(1 - keptIndex)).toBeChecked();
    await expect(dialog).toContainText('Wird zur bleibenden Person verschoben');
    await dialog.getByRole('button', { name: 'Zusammenführen', exact: true }).click();
    await expect(page.getByText('Die Personen wurden zusammengeführt.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: `Aadublette ${tag}` })).toHaveCount(0);

    // The merged-away person's page says where she went.
    await page.goto(`/persons/${mergeId}`);
    await expect(page.getByText('Diese Person wurde mit einer anderen Person zusammengeführt')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: `Regula Aadublette ${tag} öffnen` }).click();
    await expect(page).toHaveURL(new RegExp(`/persons/${keepId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Aadublette ${tag}`);
    const survivor = (await (await request.get(`/api/v1/person/${keepId}`, { headers })).json()) as {
      languageCode: string;
    };
    expect(survivor.languageCode).toBe('fr');
  });

  test('the list and the merge dialog fit a 360 px phone', async ({ page, request, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    const headers = await adminHeaders(request);
    const tag = randomUUID().slice(0, 6);
    const pair = await createPair(request, headers, `Aaphone ${tag}`);
    cleanUp.push(...pair);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, admin);
    await page.goto('/duplicates');
    await expect(page.getByRole('heading', { level: 1, name: 'Duplikate' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Aaphone ${tag}` })).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', { name: `Regula Aaphone ${tag} und Regula Aaphone ${tag} vergleichen und zusammenführen` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Personen zusammenführen' });
    await expect(dialog.getByRole('radiogroup', { name: 'Korrespondenzsprache' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a member has no duplicates menu and is sent to the persons list', async ({ page }) => {
    await signInAs(page, { username: 'member@example.ch', password: 'Demo-Passw0rd' });
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Duplikate' })).toHaveCount(0);
    await page.goto('/duplicates');
    await expect(page).toHaveURL(/\/persons$/, { timeout: 30_000 });
  });
});
