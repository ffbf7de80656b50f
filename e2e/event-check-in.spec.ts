import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  admin,
  claimsOf,
  demo,
  expect,
  expectNoHorizontalScroll,
  listMails,
  signInAs,
  test,
  waitForMail,
} from './fixtures';

// Issue 19: tickets and check-in at the door. A guest sees her ticket (QR code, code, PDF) once
// confirmed; the event manager checks people in on a phone by search, by a scanned code and by a
// typed code, offline too; a check-in made on another device first wins and both show it.

type Headers = Record<string, string>;
const suffix = randomUUID().slice(0, 8);
const title = `Check-in E2E ${suffix}`;
const guests = ['Anna', 'Bea', 'Carla', 'Dora'].map((firstname) => ({
  firstname,
  lastname: `Tür-${suffix}`,
  email: `${firstname.toLowerCase()}.door.${suffix}@example.com`,
}));
const nameOf = (guest: (typeof guests)[number]) => `${guest.firstname} ${guest.lastname}`;
let eventId = '';
let ip = 10;

async function signInByApi(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/v1/auth/authenticate', {
    data: { username, password, acceptedTermsAndConditions: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { headers: { Authorization: `Bearer ${token}` } as Headers, personId: String(claimsOf(token).sub) };
}

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function linkIn(mail: string): string {
  const match = /https?:\/\/[^\s"<>]+(\/event-registration-public\/[A-Za-z0-9_-]+\/confirm)/.exec(mail);
  if (!match?.[1]) throw new Error('The mail holds no confirm link.');
  return match[1];
}

/** An event of BPW Zürich open for registration; the guests register on the public side. */
async function setUp(request: APIRequestContext) {
  const { headers } = await signInByApi(request, demo.events.username, demo.events.password);
  const clubs = (await (await request.get('/api/v1/club-public', { params: { PerPage: 0 } })).json()) as {
    items: { id: string; name: string }[];
  };
  const categories = (await (
    await request.get('/api/v1/event-category-public', { params: { PerPage: 0 } })
  ).json()) as { items: { id: string }[] };
  const created = await request.post('/api/v1/event', {
    headers,
    data: {
      title,
      eventCategoryIds: [categories.items[0]?.id],
      eventFrom: isoInDays(10),
      registrationSlots: 0,
      location: 'Volkshaus',
      street: 'Stauffacherstrasse 60',
      zip: '8004',
      city: 'Zürich',
      teaserText: 'Ein Abend mit Check-in an der Tür.',
      responsibleClubId: clubs.items.find((club) => club.name === 'BPW Zürich')?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = ((await created.json()) as { id: string }).id;
  const opened = await request.put(`/api/v1/event/${eventId}/event-state`, { headers, data: { eventState: 20 } });
  expect(opened.ok()).toBe(true);
  const ids: string[] = [];
  for (const guest of guests) {
    const registered = await request.post(`/api/v1/event-public/${eventId}/event-registration`, {
      headers: { 'X-Forwarded-For': `10.19.0.${ip++}` },
      data: { ...guest, street: 'Langstrasse 1', zip: '8004', city: 'Zürich', countryCode: 'CH' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    ids.push(((await registered.json()) as { id: string }).id);
  }
  return { headers, ids };
}

/** The camera of a test browser: BarcodeDetector reads what `window.__ticketCode` holds. */
async function injectCamera(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__ticketCode = null;
    class FakeDetector {
      static getSupportedFormats() {
        return Promise.resolve(['qr_code']);
      }
      detect() {
        const code = w.__ticketCode as string | null;
        if (!code) return Promise.resolve([]);
        w.__ticketCode = null;
        w.__detectedAt = performance.now();
        return Promise.resolve([{ rawValue: code }]);
      }
    }
    w.BarcodeDetector = FakeDetector;
    navigator.mediaDevices.getUserMedia = () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const context = canvas.getContext('2d')!;
      setInterval(() => {
        context.fillStyle = `hsl(${Date.now() % 360} 50% 50%)`;
        context.fillRect(0, 0, 320, 240);
      }, 50);
      return Promise.resolve(canvas.captureStream(10));
    };
  });
}

test.describe('tickets and check-in', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  let staff: Headers;
  let registrationIds: string[];
  let annaToken = '';

  test.beforeAll(async ({ request }) => {
    const setup = await setUp(request);
    staff = setup.headers;
    registrationIds = setup.ids;
  });

  test('a guest confirms and sees her ticket: QR code, code and PDF', async ({ page, expectNoAxeViolations }) => {
    const anna = guests[0]!;
    const before = await listMails();
    // Her registration mail came before `before`: a fresh one would be the ticket mail.
    const registrationMail = await waitForMail(anna.email, new Set());
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(linkIn(registrationMail));
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    const ticket = page.getByRole('region', { name: 'Ihr Ticket' });
    // A write and a mail on a shared machine: give the server time.
    await expect(ticket.getByRole('img', { name: 'QR-Code Ihres Tickets' })).toBeVisible({ timeout: 20_000 });
    annaToken = (await ticket.getByTestId('ticket-token').textContent())!.trim();
    expect(annaToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    const download = page.waitForEvent('download');
    await ticket.getByRole('button', { name: 'Ticket als PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^ticket-check-in-e2e-.+\.pdf$/);
    // The ticket mail carries the same code.
    const ticketMail = await waitForMail(anna.email, before);
    expect(ticketMail).toContain(annaToken);
    expect(ticketMail).toMatch(/Content-Type: application\/pdf/);
  });

  test('the manager checks people in at the door on a phone, online and offline', async ({
    page,
    context,
    request,
    expectNoAxeViolations,
  }) => {
    const [, bea, carla, dora] = guests as [
      unknown,
      (typeof guests)[number],
      (typeof guests)[number],
      (typeof guests)[number],
    ];
    // Bea, Carla and Dora are confirmed by staff; Anna confirmed herself.
    for (const id of registrationIds.slice(1)) {
      const confirmed = await request.put(`/api/v1/event-registration/${id}/state`, {
        headers: staff,
        data: { eventRegistrationState: 30 },
      });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
    }
    await injectCamera(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, demo.events);
    // The event page's menu leads to the door page.
    await page.goto(`/events/${eventId}`);
    await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/check-in/${eventId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Check-in: ${title}` })).toBeVisible();
    await expect(page.getByTestId('door-count')).toHaveText('0 von 4 eingecheckt');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Search by name, with the keyboard.
    const search = page.getByRole('searchbox', { name: 'Nach Namen suchen' });
    await search.fill('bea tür');
    const checkInBea = page.getByRole('button', { name: `${nameOf(bea)} einchecken` });
    await expect(checkInBea).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(checkInBea).toBeFocused();
    await page.keyboard.press('Enter');
    const result = page.getByTestId('door-result');
    await expect(result).toContainText(nameOf(bea));
    await expect(result).toContainText('Eingecheckt.');
    await expect(page.getByTestId('door-count')).toHaveText('1 von 4 eingecheckt');

    // A scan with the camera answers within 300 ms of reading the code.
    await page.getByRole('button', { name: 'Ticket scannen' }).click();
    await expect(page.getByLabel('Kamerabild')).toBeVisible();
    await page.evaluate((code) => {
      const w = window as unknown as Record<string, unknown>;
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-testid="door-result"]')?.textContent?.includes('Anna')) {
          w.__answeredAt = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      w.__ticketCode = code;
    }, annaToken);
    await expect(result).toContainText(`${nameOf(guests[0]!)}Eingecheckt.`);
    const elapsed = await page.evaluate(() => {
      const w = window as unknown as Record<string, number>;
      return w.__answeredAt! - w.__detectedAt!;
    });
    expect(elapsed).toBeLessThan(300);
    await page.getByRole('button', { name: 'Kamera ausschalten' }).click();

    // The same ticket again, typed in: already checked in, when and by whom.
    await page.getByRole('textbox', { name: 'Code des Tickets' }).fill(annaToken);
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await expect(result).toContainText(/Bereits eingecheckt um \d\d:\d\d von Laura Brunner\./);
    // Not a ticket of this event.
    await page.getByRole('textbox', { name: 'Code des Tickets' }).fill('AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await expect(result).toContainText('Kein Einlass');

    // Another device (the admin, online) checks Dora in while this phone loses the network.
    const other = await signInByApi(request, admin.username, admin.password);
    await context.setOffline(true);
    await expect(page.getByTestId('door-network')).toHaveText('Offline');
    const first = await request.post(`/api/v1/event/${eventId}/check-in`, {
      headers: other.headers,
      data: { registrationId: registrationIds[3] },
    });
    expect(first.ok(), await first.text()).toBe(true);
    const adminPerson = (await (
      await request.get(`/api/v1/person/${other.personId}`, { headers: other.headers })
    ).json()) as { firstname: string; lastname: string };

    // The page reloads without network (service worker) and keeps its list (IndexedDB).
    await page.reload();
    await expect(page.getByTestId('door-count')).toHaveText('2 von 4 eingecheckt');
    await expect(page.getByTestId('door-network')).toHaveText('Offline');
    for (const guest of [carla, dora]) {
      await search.fill(guest.firstname);
      await page.getByRole('button', { name: `${nameOf(guest)} einchecken` }).click();
      await expect(result).toContainText('Eingecheckt (ohne Verbindung, wird später gesendet).');
    }
    await expect(page.getByTestId('door-count')).toHaveText('4 von 4 eingecheckt · 2 noch nicht gesendet');
    await expectNoAxeViolations(page);

    // Back online: the queue is sent. Dora's earlier check-in on the other device wins, and this
    // phone says so; Carla's stands.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const adminName = `${adminPerson.firstname} ${adminPerson.lastname}`.trim();
    await expect(page.getByText(`${nameOf(dora)} war schon um`)).toBeVisible({ timeout: 15_000 });
    await expect(result).toContainText(new RegExp(`Bereits eingecheckt um \\d\\d:\\d\\d von ${adminName}\\.`));
    await expect(page.getByTestId('door-count')).toHaveText('4 von 4 eingecheckt');
    const list = (await (await request.get(`/api/v1/event/${eventId}/check-in`, { headers: staff })).json()) as {
      items: { firstname: string; checkedInBy: { lastname: string } | null }[];
    };
    const byOf = (firstname: string) => list.items.find((item) => item.firstname === firstname)?.checkedInBy?.lastname;
    expect(byOf('Dora')).toBe(adminPerson.lastname);
    expect(byOf('Carla')).toBe('Brunner');

    // Attendance in the registrations tab.
    await page.goto(`/events/${eventId}`);
    await page.getByRole('tab', { name: 'Anmeldungen' }).click();
    const row = page.getByRole('row').filter({ hasText: nameOf(bea) });
    await expect(row).toContainText('von Laura Brunner');
  });
});
