import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  demo,
  expect as baseExpect,
  expectNoHorizontalScroll,
  listMails,
  signInAs,
  storedSession,
  test,
  waitForMail,
} from './fixtures';

// Issue 19: the waiting list (public registration, the link page, the staff's list with moving up
// and closing, the event form's option) and the calendar feeds (the person's own address with its
// renewal, a club's feed on the public list). Needs the event, registration and feed calls.

type Headers = Record<string, string>;
// Pages that load the event, its registrations and the list: more time than the default on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const suffix = randomUUID().slice(0, 8);
const title = `Warteliste E2E ${suffix}`;
let eventId = '';
let staff: Headers = {};

async function signInByApi(request: APIRequestContext, username: string, password: string): Promise<Headers> {
  const response = await request.post('/api/v1/auth/authenticate', {
    data: { username, password, acceptedTermsAndConditions: true },
  });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

const isoInDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const guest = (firstname: string) => ({
  firstname,
  lastname: `Warte-${suffix}`,
  email: `${firstname.toLowerCase()}.${suffix}@example.com`,
  street: 'Bahnhofstrasse 10',
  zip: '8001',
  city: 'Zürich',
  countryCode: 'CH',
  eventCustomFieldValues: [],
});

async function registerByApi(request: APIRequestContext, body: ReturnType<typeof guest>) {
  const response = await request.post(`/api/v1/event-public/${eventId}/event-registration`, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; eventRegistrationState: number; waitingListPlace: number | null };
}

/** A limited event of BPW Zürich with one place and a waiting list (24 hours to confirm), open. */
async function setUpEvent(request: APIRequestContext) {
  staff = await signInByApi(request, demo.events.username, demo.events.password);
  const clubs = (await (await request.get('/api/v1/club-public', { params: { PerPage: 0 } })).json()) as {
    items: { id: string; name: string }[];
  };
  const categories = (await (
    await request.get('/api/v1/event-category-public', { params: { PerPage: 0 } })
  ).json()) as { items: { id: string }[] };
  const created = await request.post('/api/v1/event', {
    headers: staff,
    data: {
      title,
      eventCategoryIds: [categories.items[0]?.id],
      eventFrom: isoInDays(25),
      eventTo: isoInDays(25, 2),
      registrationSlots: 1,
      hasWaitingList: true,
      waitingListConfirmHours: 24,
      location: 'Kaufleuten',
      street: 'Pelikanstrasse 18',
      zip: '8001',
      city: 'Zürich',
      teaserText: 'Ein kleiner Kreis, ein grosses Thema.',
      responsibleClubId: clubs.items.find((club) => club.name === 'BPW Zürich')?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = ((await created.json()) as { id: string }).id;
  const opened = await request.put(`/api/v1/event/${eventId}/event-state`, {
    headers: staff,
    data: { eventState: 20 },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
}

function linkKeyIn(mail: string): string {
  const match = /\/event-registration-public\/([A-Za-z0-9_-]+)\/unregister/.exec(mail);
  if (!match) throw new Error('no registration link in the mail');
  return match[1]!;
}

test.describe.serial('waiting list and calendar feeds', () => {
  // Several pages, mails and axe runs per journey.
  test.describe.configure({ timeout: 300_000 });
  test.beforeAll(async ({ request }) => {
    await setUpEvent(request);
  });

  test('a guest joins the waiting list of a full event and sees her place', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const holder = await registerByApi(request, guest('Hanna'));
    expect(holder.eventRegistrationState).toBe(10);

    await page.goto(`/events-public/${eventId}`);
    await expect(page.getByText('Der Anlass ist ausgebucht; Sie können sich auf die Warteliste setzen.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/events-public/${eventId}/register`);
    await page.getByRole('button', { name: 'Nein, als Gast anmelden' }).click();
    const form = page.locator('form');
    const wanda = guest('Wanda');
    await form.getByRole('textbox', { name: 'Vorname' }).fill(wanda.firstname);
    await form.getByRole('textbox', { name: 'Nachname' }).fill(wanda.lastname);
    await form.getByRole('textbox', { name: 'E-Mail' }).fill(wanda.email);
    await form.getByRole('textbox', { name: 'Strasse' }).fill(wanda.street);
    await form.getByRole('textbox', { name: 'PLZ' }).fill(wanda.zip);
    await form.getByRole('textbox', { name: 'Ort', exact: true }).fill(wanda.city);
    const before = await listMails();
    await form.getByRole('button', { name: 'Anmeldung absenden' }).click();
    await expect(page.getByText('Sie sind auf der Warteliste, auf Platz 1.', { exact: false })).toBeVisible();

    // The mail names her place and has no confirm link; its link page shows the place too.
    const mail = await waitForMail(wanda.email, before);
    expect(mail).toContain('auf Platz 1');
    await page.goto(`/event-registration-public/${linkKeyIn(mail)}/confirm`);
    const status = page.getByRole('status').filter({ hasText: 'Wanda' });
    await expect(status).toContainText('Auf der Warteliste');
    await expect(status).toContainText('auf Platz 1');
    await expect(page.getByRole('button', { name: 'Anmeldung bestätigen' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an event manager sees the list, moves someone up, closes it, and a freed place moves the line', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const zoe = guest('Zoe');
    await registerByApi(request, zoe);
    await signInAs(page, demo.events);
    await page.goto(`/events/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Ja, 24 Stunden zur Bestätigung eines Platzes')).toBeVisible();

    // The form keeps the option and its hours.
    await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Anlass bearbeiten' });
    await expect(edit.getByRole('checkbox', { name: 'Warteliste' })).toBeChecked();
    await expect(
      edit.getByRole('spinbutton', { name: 'Frist für die Bestätigung eines Platzes von der Warteliste (Stunden)' }),
    ).toHaveValue('24');
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(edit).toBeHidden();

    await page.getByRole('tab', { name: 'Anmeldungen' }).click();
    await expect(page.getByRole('heading', { name: 'Warteliste (2 Personen)' })).toBeVisible();
    const list = page.getByRole('table', { name: `Warteliste für ${title}` });
    const rows = list.getByRole('row');
    await expect(rows.nth(1)).toContainText('Wanda');
    await expect(rows.nth(2)).toContainText('Zoe');
    await expectNoAxeViolations(page);

    await list.getByRole('button', { name: `Zoe Warte-${suffix} an die Spitze der Warteliste setzen` }).click();
    await expect(page.getByText(`Zoe Warte-${suffix} steht jetzt zuvorderst.`)).toBeVisible();
    await expect(rows.nth(1)).toContainText('Zoe');

    await page.getByRole('button', { name: 'Warteliste schliessen' }).click();
    await expect(page.getByText('Die Warteliste ist geschlossen.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Warteliste öffnen' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The holder leaves: Zoe, first in line, moves up at once.
    const registrations = (await (
      await request.get(`/api/v1/event/${eventId}/event-registration`, { headers: staff, params: { PerPage: 0 } })
    ).json()) as { items: { id: string; firstname: string }[] };
    const hanna = registrations.items.find((r) => r.firstname === 'Hanna')!;
    expect((await request.delete(`/api/v1/event-registration/${hanna.id}`, { headers: staff })).status()).toBe(204);
    await page.reload();
    await page.getByRole('tab', { name: 'Anmeldungen' }).click();
    await expect(page.getByRole('heading', { name: 'Warteliste (1 Person)' })).toBeVisible();

    // On a phone the tab still fits.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('button', { name: 'Warteliste öffnen' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('a member finds her calendar address on her page and renews it', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.member);
    const session = await storedSession(page);
    await page.goto(`/persons/${session!.personId}`);
    await page.getByRole('tab', { name: 'Benachrichtigungen' }).click();
    const card = page.getByRole('region', { name: 'Mein Kalender' });
    const address = card.getByRole('textbox', { name: 'Kalenderadresse' });
    await expect(address).toHaveValue(/\/api\/v1\/calendar-feed\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    await expect(card.getByRole('link', { name: 'In Kalender-App abonnieren' })).toHaveAttribute('href', /^webcal:/);
    await expectNoAxeViolations(page);
    const old = new URL(await address.inputValue()).pathname;
    const feed = await request.get(old);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await card.getByRole('button', { name: 'Adresse erneuern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kalenderadresse erneuern?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Adresse erneuern' }).click();
    await expect(page.getByText('Ihr Kalender hat eine neue Adresse.')).toBeVisible();
    await expect(address).not.toHaveValue(new RegExp(old));
    expect((await request.get(old)).status()).toBe(404);

    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
  });

  test("the public list offers a club's calendar when one club is chosen", async ({ page, expectNoAxeViolations }) => {
    await page.goto('/events-public');
    await page.getByRole('combobox', { name: 'Clubs' }).click();
    await page.getByRole('option', { name: 'BPW Zürich' }).click();
    await page.keyboard.press('Escape');
    const link = page.getByRole('link', { name: 'Anlässe dieses Clubs abonnieren' });
    await expect(link).toHaveAttribute('href', /^webcal:\/\/.+\/api\/v1\/club-public\/[0-9a-f-]{36}\/calendar\.ics$/);
    await expectNoAxeViolations(page);
    const href = (await link.getAttribute('href'))!;
    const feed = await page.request.get(href.replace(/^webcal:/, 'http:'));
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`SUMMARY:${title}`);
  });
});
