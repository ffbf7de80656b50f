import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, demo, expect, signInAs, test } from './fixtures';

// Needs GET club, GET membership-development, GET person/birthday-list and GET club/{id}/person.
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Benutzername (E-Mail)').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen' }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

type BirthdayItem = { id: string; firstname: string | null; lastname: string; age: number };

/** Today in Switzerland, as the server counts the birthdays. */
const swissToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());

/**
 * A member of BPW Zürich whose 40th birthday is today, made by the administrator: the first of
 * the club's birthdays (today, and "Aa" before every other last name of the day).
 */
async function createBirthdayPerson(request: APIRequestContext) {
  const signedIn = await request.post('/api/v1/auth/authenticate', {
    data: { username: admin.username, password: admin.password, acceptedTermsAndConditions: true },
  });
  const headers = { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const clubs = (await (await request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  const today = swissToday();
  const person = { firstname: 'Gaby', lastname: `Aaberg ${randomUUID().slice(0, 4)}` };
  const created = await request.post('/api/v1/person', {
    headers,
    data: {
      ...person,
      username: `birthday-${randomUUID().slice(0, 8)}@example.ch`,
      password: 'Geburtstag-Passw0rd',
      birthday: `${Number(today.slice(0, 4)) - 40}${today.slice(4)}`,
      language: 'de',
      clubId: clubs.items.find((club) => club.name === 'BPW Zürich')?.id,
      membershipType: 0,
      clubFrom: '2020-01-01',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // Other journeys pick members of BPW Zürich by last name: she goes again afterwards.
  const remove = async () => expect((await request.delete(`/api/v1/person/${id}`, { headers })).ok()).toBe(true);
  return { ...person, id, remove };
}

test.describe('dashboard', () => {
  let cleanUp: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await cleanUp?.();
    cleanUp = undefined;
  });

  test("the club manager's dashboard shows the three charts and her club's birthdays only", async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const gaby = await createBirthdayPerson(request);
    cleanUp = gaby.remove;
    const birthdays = page.waitForResponse(
      (response) => response.url().includes('/api/v1/person/birthday-list') && response.ok(),
    );
    await signIn(page, 'manager@example.ch', 'Demo-Passw0rd');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    for (const title of ['Interessierte', 'Einzelmitglieder', 'Young BPW']) {
      const chart = page.getByRole('figure', { name: title });
      await expect(chart).toBeVisible();
      await expect(chart.locator('svg').first()).toBeVisible();
      // The numbers of the four quarters, for screen readers.
      await expect(chart.getByRole('table', { name: title }).getByRole('row')).toHaveCount(5);
    }

    // Her only club is offered; nothing else.
    await page.getByRole('combobox', { name: 'Clubs' }).click();
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: 'BPW Zürich' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The birthday list holds persons of BPW Zürich only.
    const items = ((await (await birthdays).json()) as { items: BirthdayItem[] }).items;
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bpw.auth') ?? '{}').token as string);
    const headers = { Authorization: `Bearer ${token}` };
    const clubs = (await (await page.request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
      items: { id: string; name: string }[];
    };
    const zurich = clubs.items.find((club) => club.name === 'BPW Zürich');
    expect(zurich).toBeDefined();
    // Every person of the club: both groups, a page of 100 at a time (the list never answers all).
    const zurichPersons = new Set<string>();
    for (const group of ['members', 'roles']) {
      for (let page0 = 0; ; page0++) {
        const url = `/api/v1/club/${zurich?.id}/person?Group=${group}&PerPage=100&Page=${page0}`;
        const answer = (await (await page.request.get(url, { headers })).json()) as {
          items: { personId: string }[];
          total: number;
        };
        for (const relation of answer.items) zurichPersons.add(relation.personId);
        if ((page0 + 1) * 100 >= answer.total) break;
      }
    }
    for (const item of items) expect(zurichPersons.has(item.id), `${item.lastname} is in BPW Zürich`).toBe(true);

    // The birthday table's code loads when it scrolls into view (issue 8), as a user scrolls to it.
    await page.getByRole('region', { name: 'Geburtstage' }).scrollIntoViewIfNeeded();
    const table = page.getByRole('table', { name: 'Geburtstage' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(Math.min(items.length, 10) + 1);
    // Gaby's birthday is today: she is the first row, with her name and her new age.
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toContainText(gaby.firstname);
    await expect(firstRow).toContainText(gaby.lastname);
    await expect(firstRow).toContainText('40 Jahre');
    await expectNoAxeViolations(page);

    await firstRow.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/persons/${gaby.id}$`));
  });

  test('the committee sees all clubs in the filter, collapsed to a count from three', async ({ page }) => {
    // Monique Favre writes French: the interface follows her language after sign-in.
    await signIn(page, 'committee@example.ch', 'Demo-Passw0rd');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    const select = page.getByRole('combobox', { name: 'Clubs' });
    await select.click();
    const options = page.getByRole('option');
    // The list opens once the picker's code has arrived: it loads on first use (issue 8).
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(3);
    for (const index of [0, 1, 2]) await options.nth(index).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('3 sélectionnés')).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Membres individuelles' })).toBeVisible();
  });

  test('the charts fit 360 px with the quarter labels apart', async ({ page, expectNoAxeViolations }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, demo.manager);
    await expect(page).toHaveURL(/\/dashboard$/);
    const charts = page.getByTestId('membership-chart');
    await expect(charts).toHaveCount(3);
    for (const chart of await charts.all()) {
      await expect(chart.locator('svg rect')).toHaveCount(4);
      const labels = await chart
        .locator('svg text')
        .filter({ hasText: /^\S+ \d{4}$/ })
        .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().toJSON() as DOMRect));
      expect(labels.length).toBeGreaterThan(0);
      for (const [left, right] of labels.slice(1).map((label, index) => [labels[index]!, label] as const)) {
        expect(left.right, 'quarter labels do not overlap').toBeLessThanOrEqual(right.left);
      }
      const figure = (await chart.boundingBox())!;
      for (const label of labels) {
        expect(label.left).toBeGreaterThanOrEqual(figure.x);
        expect(label.right).toBeLessThanOrEqual(figure.x + figure.width);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
