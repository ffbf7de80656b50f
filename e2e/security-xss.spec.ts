import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, signInAs, test } from './fixtures';

/**
 * Issue 9, XSS: DOMPurify's test vectors and OWASP's filter-evasion strings (e2e/security/
 * xss-vectors.json) put into every place that shows user text: person and club names, address
 * fields, an event's title, teaser and markdown description, registrations and their remarks,
 * category titles, and the notification HTML. Each page is rendered in Chromium with the CSP
 * switched off, so only the app's own escaping stands between a vector and its execution: no
 * dialog may open, no flag may be set, and no element may carry an event handler or a script URL.
 */
const { vectors } = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'security', 'xss-vectors.json'), 'utf8'),
) as {
  vectors: string[];
};
const shortVectors = vectors.filter((v) => v.length <= 100);

test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

type Created = { clubId?: string; personIds: string[]; eventId?: string; categoryId?: string };
const created: Created = { personIds: [] };
let api: APIRequestContext;
let hasEvents = false;

async function call(method: string, url: string, data?: unknown) {
  const res = await api.fetch(`/api/v1${url}`, { method, ...(data === undefined ? {} : { data }) });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL!;
  const anonymous = await playwright.request.newContext({ baseURL });
  const auth = await anonymous.post('/api/v1/auth/authenticate', {
    data: { username: admin.username, password: admin.password, acceptedTermsAndConditions: true },
  });
  const { token } = (await auth.json()) as { token: string };
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });

  const clubName = shortVectors.find((v) => v.startsWith('<img'))!;
  created.clubId = (await call('POST', '/club', { name: `${clubName} ${randomUUID().slice(0, 4)}`, clubType: 0 }))!
    .id as string;
  for (const [index, vector] of shortVectors.entries()) {
    const person = await call('POST', '/person', {
      username: `xss-${index}-${randomUUID().slice(0, 8)}@example.ch`,
      password: 'Xss-Passwort-42',
      firstname: vector,
      lastname: `Xss ${vector.slice(0, 60)}`,
      birthday: '1990-01-01',
      language: 'de',
      clubId: created.clubId,
      membershipType: 0,
      clubFrom: '2024-01-01',
    });
    created.personIds.push(person!.id as string);
  }
  // Every address field of one person, and website entries that try to break out of the href.
  await call('POST', `/person/${created.personIds[0]}/address`, {
    label: vectors[1],
    addressType: 10,
    company: vectors[2],
    companySector: vectors[9],
    companyRole: vectors[16],
    mainCompetence: vectors[44],
    street: vectors[5],
    city: vectors[3],
    zip: '8000',
    urls: [
      { value: 'https://example.ch/"><img src=x onerror=alert(1)>', label: vectors[0] },
      { value: "https://example.ch/' onmouseover='alert(1)", label: vectors[20] },
    ],
    phones: [{ value: '+41 44 000 00 00', label: vectors[33] }],
  });
  // The event area, where the API has it.
  const category = await api.post('/api/v1/event-category', { data: { title: shortVectors[3] } });
  if (!category.ok()) return;
  hasEvents = true;
  created.categoryId = ((await category.json()) as { id: string }).id;
  const event = await call('POST', '/event', {
    title: vectors[1],
    eventCategoryIds: [created.categoryId],
    eventFrom: new Date(Date.now() + 20 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    location: vectors[2],
    street: vectors[4],
    zip: '8002',
    city: vectors[3],
    teaserText: vectors.slice(0, 20).join('\n'),
    description: vectors.map((v, i) => `${i % 3 === 0 ? '## ' : ''}${v}\n\n`).join(''),
    contactDetails: vectors.slice(20, 30).join('\n'),
    cost: vectors[45],
    registrationSlots: 0,
    isRegistrationListPublic: true,
    responsibleClubId: created.clubId,
  });
  created.eventId = event!.id as string;
  await call('PUT', `/event/${created.eventId}/event-state`, { eventState: 20 });
  for (const [index, vector] of shortVectors.slice(0, 6).entries()) {
    const registration = await anonymous.post(`/api/v1/event-public/${created.eventId}/event-registration`, {
      headers: { 'x-forwarded-for': `10.99.0.${index + 1}` },
      data: {
        firstname: vector,
        lastname: `Xss ${index}`,
        email: `xss-guest-${index}-${randomUUID().slice(0, 8)}@example.ch`,
        street: vector,
        zip: '3011',
        city: 'Bern',
        remarks: vectors.slice(index * 10, index * 10 + 10).join('\n'),
      },
    });
    if (!registration.ok()) throw new Error(`registration: ${registration.status()} ${await registration.text()}`);
    const { id } = (await registration.json()) as { id: string };
    await call('PUT', `/event-registration/${id}/state`, { eventRegistrationState: 30 });
  }
});

test.afterAll(async () => {
  // Nothing of this spec stays in the shared e2e database for the journeys after it.
  if (created.eventId) await api.delete(`/api/v1/event/${created.eventId}`);
  if (created.categoryId) await api.delete(`/api/v1/event-category/${created.categoryId}`);
  for (const id of created.personIds) await api.delete(`/api/v1/person/${id}`);
  if (created.clubId) await api.delete(`/api/v1/club/${created.clubId}`);
  await api.dispose();
});

/** Counts what a vector would do if it ran: dialogs, the flag, and handlers or script URLs in the DOM. */
async function watchForScripts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: number; alert: () => void; confirm: () => boolean; prompt: () => null };
    w.__xss = 0;
    w.alert = () => void w.__xss++;
    w.confirm = () => (w.__xss++, false);
    w.prompt = () => (w.__xss++, null);
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async (where: string) => {
    // Image errors and autofocus fire after rendering: give them a moment.
    await page.waitForTimeout(300);
    const found = await page.evaluate(() => {
      const faults: string[] = [];
      const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background', 'poster'];
      for (const element of Array.from(document.querySelectorAll('*'))) {
        const tag = element.tagName.toLowerCase();
        for (const attribute of Array.from(element.attributes)) {
          const name = attribute.name.toLowerCase();
          const value = attribute.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
          if (name.startsWith('on')) faults.push(`<${tag} ${name}>`);
          if (name === 'srcdoc') faults.push(`<${tag} srcdoc>`);
          if (urlAttributes.includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value))
            faults.push(`<${tag} ${name}="${value.slice(0, 40)}">`);
        }
        if (['iframe', 'frame', 'object', 'embed', 'base', 'isindex'].includes(tag)) faults.push(`<${tag}>`);
        // The server's JSON-LD (issue 27) is data, never run; its escaping is tested in the API.
        const isData = element.getAttribute('type') === 'application/ld+json';
        if (tag === 'script' && !element.getAttribute('src') && !isData) faults.push('inline <script>');
        if (tag === 'meta' && element.getAttribute('http-equiv')) faults.push('<meta http-equiv>');
      }
      return { faults, flag: (window as unknown as { __xss: number }).__xss };
    });
    return [
      ...found.faults.map((fault) => `${where}: ${fault}`),
      ...(found.flag ? [`${where}: a vector ran (${found.flag} calls)`] : []),
      ...dialogs.splice(0).map((message) => `${where}: a dialog opened (${message})`),
    ];
  };
}

test('names, club names and address fields render as text', async ({ page, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  const scan = await watchForScripts(page);
  const faults: string[] = [];
  await signInAs(page, admin);

  await page.goto(`/clubs/${created.clubId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<img');
  faults.push(...(await scan('club page')));
  // The Active roles tab shows the members as a count (issue 24); their names are on the Members tab.
  await page.getByRole('tab', { name: 'Aktive Rollen' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  faults.push(...(await scan('club page, Aktive Rollen')));
  await page.getByRole('tab', { name: 'Mitglieder' }).click();
  await expect(page.getByText(shortVectors[0]!).first()).toBeVisible();
  faults.push(...(await scan('club page, Mitglieder')));
  await expectNoAxeViolations(page);

  await page.goto('/clubs');
  await expect(page.getByRole('table')).toContainText('<img');
  faults.push(...(await scan('club list')));

  await page.goto('/persons');
  await expect(page.getByRole('table').first()).toContainText('Xss');
  faults.push(...(await scan('person list')));

  for (const id of created.personIds.slice(0, 8)) {
    await page.goto(`/persons/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Xss');
    faults.push(...(await scan(`person ${id}`)));
  }
  await page.goto(`/persons/${created.personIds[0]}`);
  await page.getByRole('tab').nth(1).click();
  await expect(page.getByText(vectors[1]!).first()).toBeVisible();
  faults.push(...(await scan('contact tab')));

  console.log(
    `[security figure] XSS in names and addresses: ${shortVectors.length} vectors, ${6 + Math.min(8, created.personIds.length)} pages: ${faults.length} scripts run or injected`,
  );
  expect(faults).toEqual([]);
});

test('notification HTML from the server renders only through the whitelist', async ({ page }) => {
  const scan = await watchForScripts(page);
  // The server writes notification HTML from its own templates; here every vector comes as if it
  // had slipped into one, to test the web app's sanitiser, not the templates.
  await page.route('**/api/v1/notification/stream?*', (route) => route.abort());
  await page.route('**/api/v1/notification?*', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const items = vectors.map((vector, index) => ({
      id: randomUUID(),
      title: vector,
      content: `<p>${vector}</p>${vector}`,
      createdAt: new Date(Date.now() - index * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      notificationType: 1,
      eventId: null,
      isRead: false,
      channel: 2,
    }));
    await route.fulfill({ json: { items, total: items.length } });
  });
  await signInAs(page, admin);
  await page.getByRole('button', { name: `Benachrichtigungen: ${vectors.length} ungelesen` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(vectors[0]!);
  const faults = await scan('notification dialog');
  console.log(
    `[security figure] XSS in notifications: ${vectors.length} vectors as title and HTML: ${faults.length} scripts run or injected`,
  );
  expect(faults).toEqual([]);
});

test('an event’s title, texts, markdown, registrations and remarks render safely', async ({ page }) => {
  test.skip(!hasEvents, 'the events API is not there yet');
  test.setTimeout(120_000);
  const scan = await watchForScripts(page);
  const faults: string[] = [];
  await signInAs(page, admin);

  await page.goto(`/events-public/${created.eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<img');
  faults.push(...(await scan('public event page')));

  await page.goto(`/events/${created.eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<img');
  faults.push(...(await scan('staff event page')));
  const tabs = page.getByRole('tab');
  for (let i = 1; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await page.waitForLoadState('networkidle');
    faults.push(...(await scan(`staff event page, tab ${i}`)));
  }

  await page.goto('/event-categories');
  await expect(page.getByRole('table').first()).toContainText(shortVectors[3]!);
  faults.push(...(await scan('category list')));

  console.log(
    `[security figure] XSS in events: ${vectors.length} vectors in title, texts, markdown, registrations: ${faults.length} scripts run or injected`,
  );
  expect(faults).toEqual([]);
});

test('the watch itself sees a vector that does run', async ({ page }) => {
  // Proof that a zero above means something: the same vectors put into the page as raw HTML.
  const scan = await watchForScripts(page);
  await page.goto('/login');
  await page.evaluate((html) => {
    const box = document.createElement('div');
    box.innerHTML = html;
    document.body.append(box);
  }, vectors.slice(0, 10).join(''));
  const faults = await scan('raw HTML');
  expect(faults.some((fault) => fault.includes('a vector ran'))).toBe(true);
  expect(faults.some((fault) => fault.includes('onerror'))).toBe(true);
});
