import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { admin, demo, expect, listMails, test, waitForMail, expectNoHorizontalScroll } from './fixtures';

// Needs POST event, PUT event/{id}/event-state, POST event-custom-field, GET event-public/{id},
// its custom fields, POST event-public/{id}/event-registration, GET/PUT event-registration-public,
// GET event/{id}/event-registration and the registration mail (.eml in the e2e mail dir).

type Headers = Record<string, string>;

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

/** An event of BPW Zürich, open for registration with unlimited places, two weeks ahead. */
async function createOpenEvent(request: APIRequestContext, headers: Headers, title: string): Promise<string> {
  const clubs = (await (await request.get('/api/v1/club-public', { params: { PerPage: 0 } })).json()) as {
    items: { id: string; name: string }[];
  };
  const categories = (await (
    await request.get('/api/v1/event-category-public', { params: { PerPage: 0 } })
  ).json()) as { items: { id: string }[] };
  const club = clubs.items.find((item) => item.name === 'BPW Zürich');
  expect(club).toBeDefined();
  const created = await request.post('/api/v1/event', {
    headers,
    data: {
      title,
      eventCategoryIds: [categories.items[0]?.id],
      eventFrom: isoInDays(14),
      eventTo: isoInDays(14, 2),
      registrationSlots: 0,
      registrationTo: isoInDays(12),
      unregistrationTo: isoInDays(13),
      isRegistrationListPublic: true,
      location: 'Zunfthaus zur Meisen',
      street: 'Münsterhof 20',
      zip: '8001',
      city: 'Zürich',
      teaserText: 'Ein Abend für Mitglieder und Gäste.\nMit Apéro.',
      description: '## Programm\n\n- Begrüssung\n- **Apéro**',
      contactDetails: 'BPW Zürich',
      responsibleClubId: club?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const opened = await request.put(`/api/v1/event/${id}/event-state`, { headers, data: { eventState: 20 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  return id;
}

function linkIn(mail: string, action: 'confirm' | 'unregister'): string {
  const match = new RegExp(`https?://[^\\s"<>]+(/event-registration-public/[A-Za-z0-9_-]+/${action})`).exec(mail);
  if (!match?.[1]) throw new Error(`The mail holds no ${action} link.`);
  return match[1];
}

test.describe('event registration', () => {
  test('a guest registers, confirms from the mailed link and unregisters', async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(120_000);
    const title = `Clubabend ${randomUUID().slice(0, 8)}`;
    const email = `guest-${randomUUID().slice(0, 8)}@example.ch`;
    const eventId = await createOpenEvent(
      page.request,
      await signInByApi(page.request, admin.username, admin.password),
      title,
    );

    await page.goto(`/events-public/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('region', { name: 'Anmeldung' }).getByRole('link', { name: 'Zum Anlass anmelden' }).click();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}/register$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
    await expect(page).toHaveTitle(`Anmeldung: ${title} – BPW Clubmanager`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

    // The details toggle shows teaser and description.
    const details = page.getByRole('button', { name: 'Details anzeigen' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await details.click();
    await expect(page.getByRole('button', { name: 'Details ausblenden' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Ein Abend für Mitglieder und Gäste.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Programm' })).toBeVisible();

    // Not signed in: first the choice. The phone layout holds.
    await expect(page.getByRole('button', { name: 'Ja, anmelden' })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const asGuest = page.getByRole('button', { name: 'Nein, als Gast anmelden' });
    await asGuest.focus();
    await page.keyboard.press('Enter');

    const form = page.locator('form');
    await expect(form.getByText('Anmelden als Gast')).toBeVisible();
    const submit = form.getByRole('button', { name: 'Anmeldung absenden' });
    await expect(submit).toBeDisabled();
    await expect(form.getByRole('combobox', { name: 'Land' })).toHaveValue('Schweiz');
    await form.getByRole('textbox', { name: 'Vorname' }).fill('Gabriela');
    await form.getByRole('textbox', { name: 'Nachname' }).fill('Gast');
    await form.getByRole('textbox', { name: 'E-Mail' }).fill('keine-adresse');
    await expect(form.getByText('E-Mail ist keine gültige E-Mail-Adresse')).toBeVisible();
    await form.getByRole('textbox', { name: 'E-Mail' }).fill(email);
    await form.getByRole('textbox', { name: 'Strasse' }).fill('Seestrasse 1');
    await form.getByRole('textbox', { name: 'PLZ' }).fill('8002');
    await form.getByRole('textbox', { name: 'Ort', exact: true }).fill('Zürich');
    await form.getByRole('textbox', { name: 'Bemerkungen' }).fill('Ich freue mich.');
    await expect(submit).toBeEnabled();
    await expectNoAxeViolations(page);

    const before = await listMails();
    await submit.click();
    await expect(page.getByText('Ihre Anmeldung ist eingegangen.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}$`));

    // The mailed link: the confirmation page first shows the pending state.
    const mail = await waitForMail(email, before);
    await page.goto(linkIn(mail, 'confirm'));
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigen' })).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'Gabriela Gast' });
    await expect(status).toContainText('Noch nicht bestätigt');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await expect(status).toContainText('Bestätigt');
    await expect(page.getByText('Ihre Anmeldung ist bestätigt.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmeldung bestätigen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Anlass anzeigen' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The unregister link of the same mail.
    await page.goto(linkIn(mail, 'unregister'));
    await expect(page.getByRole('heading', { level: 1, name: 'Abmeldung' })).toBeVisible();
    await expect(page.getByText('Anmeldung von Gabriela Gast zurückziehen.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Bemerkungen zur Abmeldung' }).fill('Leider verhindert.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Vom Anlass abmelden' }).click();
    await expect(page.getByText('Sie sind vom Anlass abgemeldet.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}$`));

    // The links now tell the final state, without buttons.
    await page.goto(linkIn(mail, 'confirm'));
    await expect(page.getByRole('status').filter({ hasText: 'Gabriela Gast' })).toContainText('Abgemeldet');
    await expect(page.getByRole('button', { name: 'Anmeldung bestätigen' })).toHaveCount(0);
    await page.goto(linkIn(mail, 'unregister'));
    await expect(page.getByRole('status').filter({ hasText: 'Gabriela Gast' })).toContainText('Abgemeldet');
    await expect(page.getByRole('button', { name: 'Vom Anlass abmelden' })).toHaveCount(0);
  });

  test('a member registers with her profile data and a required custom field', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const title = `Mitgliederabend ${randomUUID().slice(0, 8)}`;
    const adminHeaders = await signInByApi(page.request, admin.username, admin.password);
    const eventId = await createOpenEvent(page.request, adminHeaders, title);
    const field = await page.request.post('/api/v1/event-custom-field', {
      headers: adminHeaders,
      data: {
        eventId,
        type: 1,
        title: 'Menüwunsch',
        eventCustomFieldModeMember: 3,
        eventCustomFieldModeGuest: 2,
        showInList: true,
        sortOrder: 0,
      },
    });
    expect(field.status(), await field.text()).toBe(201);

    // Not signed in, she chooses to log in first and comes back to the registration page.
    await page.goto(`/events-public/${eventId}/register`);
    await page.getByRole('button', { name: 'Ja, anmelden' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    const login = page.locator('form').filter({ has: page.locator('input[name="username"]') });
    await login.locator('input[name="username"]').fill(demo.member.username);
    await login.locator('input[name="password"]').fill(demo.member.password);
    await login.locator('input[name="acceptedTerms"]').check();
    await login.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}/register$`), { timeout: 15_000 });
    await page.goto(`/events-public/${eventId}`);
    // Signed in: the registered-people list of a public list (nobody confirmed yet).
    await expect(page.getByRole('heading', { name: 'Angemeldete Personen (0)' })).toBeVisible();
    await page.getByRole('region', { name: 'Anmeldung' }).getByRole('link', { name: 'Zum Anlass anmelden' }).click();

    // Signed in: the form at once, filled from her profile.
    const form = page.locator('form');
    await expect(form.getByText(`Anmelden als ${demo.member.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nein, als Gast anmelden' })).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Julia');
    await expect(form.getByRole('textbox', { name: 'Nachname' })).toHaveValue('Widmer');
    await expect(form.getByRole('textbox', { name: 'E-Mail' })).not.toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Strasse' })).not.toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Ort', exact: true })).not.toHaveValue('');

    // The required custom field keeps the save button disabled until it is filled.
    const submit = form.getByRole('button', { name: 'Anmeldung absenden' });
    const menu = form.getByRole('textbox', { name: 'Menüwunsch' });
    await expect(menu).toBeVisible();
    await expect(submit).toBeDisabled();
    await menu.fill('Vegetarisch');
    await expect(submit).toBeEnabled();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await submit.click();

    await expect(page.getByText('Ihre Anmeldung ist eingegangen.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}$`));
    const registration = page.getByRole('region', { name: 'Anmeldung' });
    await expect(page.getByTestId('availability-registration')).toContainText('Sie sind bereits angemeldet.');
    await expect(registration.getByRole('link', { name: 'Vom Anlass abmelden' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The event's managers see her registration with the custom value.
    const list = await page.request.get(`/api/v1/event/${eventId}/event-registration`, { headers: adminHeaders });
    expect(list.ok()).toBe(true);
    const { items } = (await list.json()) as {
      items: { personId: string | null; firstname: string; eventCustomFieldValues: { value: string }[] }[];
    };
    expect(items).toHaveLength(1);
    expect(items[0]?.personId).not.toBeNull();
    expect(items[0]?.firstname).toBe('Julia');
    expect(items[0]?.eventCustomFieldValues.map((value) => value.value)).toEqual(['Vegetarisch']);

    // She unregisters from the event page (by her registration's id, as its signed-in owner).
    await registration.getByRole('link', { name: 'Vom Anlass abmelden' }).click();
    await expect(page).toHaveURL(/\/event-registration-public\/[0-9a-f-]{36}\/unregister$/);
    await page.getByRole('button', { name: 'Vom Anlass abmelden' }).click();
    await expect(page.getByText('Sie sind vom Anlass abgemeldet.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/events-public/${eventId}$`));
    await expect(page.getByTestId('availability-registration')).toContainText('Anmeldung: Möglich bis');
  });
});
