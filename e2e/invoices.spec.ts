import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createQrr } from '../packages/domain/src/invoice-reference';
import { camtXml } from '../apps/api/src/features/payments/camt-test-support';
import {
  admin,
  expect as baseExpect,
  demo,
  expectNoHorizontalScroll,
  listMails,
  signInAs,
  test,
  waitForMail,
} from './fixtures';

// The machine is shared: pages and jobs may take a while to answer.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 17 in the browser: the finance responsible of BPW Zürich sets up the invoicing settings
 * and the fee schedule, previews and runs the fee run, opens an invoice and downloads its PDF,
 * books a manual payment, reads a small camt.054 and assigns its unmatched credit; the member
 * sees her invoice on /me; a member cannot open the club's finance page. Then she invoices an
 * event's registrations from the event page, and the club's manager accepts an application with
 * the new member's first invoice (issue 25). axe on every screen, phone width where it matters.
 */
const password = 'Beitrag-Passw0rt-42';
const qrIban = 'CH4431999123000889012';

async function adminHeaders(request: APIRequestContext) {
  const signedIn = await request.post('/api/v1/auth/authenticate', {
    data: { username: admin.username, password: admin.password, acceptedTermsAndConditions: true },
  });
  return { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
}

/** A person of BPW Zürich with a sign-in (and, for a member, a postal address for her invoice). */
async function createPerson(
  request: APIRequestContext,
  headers: Record<string, string>,
  clubId: string,
  person: { firstname: string; lastname: string; membershipType: number; withAddress: boolean },
) {
  const username = `${person.firstname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.ch`;
  const created = await request.post('/api/v1/person', {
    headers,
    data: {
      firstname: person.firstname,
      lastname: person.lastname,
      username,
      password,
      birthday: '1970-05-06',
      language: 'de',
      clubId,
      membershipType: person.membershipType,
      clubFrom: '2020-01-01',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (person.withAddress) {
    const address = await request.post(`/api/v1/person/${id}/address`, {
      headers,
      data: {
        label: 'Privat',
        street: 'Seestrasse 12',
        zip: '8002',
        city: 'Zürich',
        emails: [{ label: 'Privat', value: username }],
      },
    });
    expect(address.status(), await address.text()).toBe(201);
  }
  return { id, username };
}

/** BPW Zürich's invoicing settings and this year's fee schedule (as the first journey enters them). */
async function ensureInvoicing(request: APIRequestContext, headers: Record<string, string>, clubId: string) {
  const settings = await request.put(`/api/v1/club/${clubId}/invoice-settings`, {
    headers,
    data: {
      creditorName: 'BPW Zürich',
      street: 'Bahnhofstrasse',
      buildingNumber: '1',
      zip: '8001',
      city: 'Zürich',
      countryCode: 'CH',
      iban: qrIban,
      paymentTermDays: 30,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const schedule = await request.put(`/api/v1/club/${clubId}/fee-schedule/${new Date().getFullYear()}`, {
    headers,
    data: { singleCentimes: 12000, collectiveCentimes: 20000, companyCentimes: 30000, youngCentimes: 6000 },
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
}

async function clubIdOf(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const clubs = (await (await request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  return clubs.items.find((club) => club.name === name)!.id;
}

let ip = 40;
/** A client address of its own per public request (the public forms' rate limits). */
const nextIp = () => `10.33.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

/** Clicks a download button until the server has rendered the file (409 while it is not). */
async function downloadWhenReady(page: Page, button: ReturnType<Page['getByRole']>) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const download = page.waitForEvent('download', { timeout: 3_000 }).catch(() => null);
    await button.click();
    const file = await download;
    if (file) return file;
    await page.waitForTimeout(1_000);
  }
  throw new Error('The PDF was not ready within 30 attempts.');
}

test.describe('membership fees and invoices', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a finance responsible runs the fees, books payments; the member sees her invoice', async ({
    page,
    browser,
    request,
    expectNoAxeViolations,
  }) => {
    const headers = await adminHeaders(request);
    const clubs = (await (await request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
      items: { id: string; name: string }[];
    };
    const clubId = clubs.items.find((club) => club.name === 'BPW Zürich')!.id;
    const suffix = randomUUID().slice(0, 4);
    const finance = await createPerson(request, headers, clubId, {
      firstname: 'Fiona',
      lastname: `Finanz ${suffix}`,
      membershipType: 300,
      withAddress: false,
    });
    // Her function: finance responsible (130) of BPW Zürich.
    const relation = await request.post(`/api/v1/person/${finance.id}/club`, {
      headers,
      data: { clubId, type: 130, from: '2020-01-01' },
    });
    expect(relation.status(), await relation.text()).toBe(201);
    const member = await createPerson(request, headers, clubId, {
      firstname: 'Mia',
      lastname: `Beitrag ${suffix}`,
      membershipType: 0,
      withAddress: true,
    });

    // The club page shows her the Finance tab; it leads to the finance page.
    await signInAs(page, { username: finance.username, password });
    await page.goto(`/clubs/${clubId}`);
    await page.getByRole('tab', { name: 'Finanzen' }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Finanzen öffnen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Finanzen – BPW Zürich' })).toBeVisible();

    // Settings: a wrong IBAN is refused with the domain's rule, a QR-IBAN is taken.
    await page.getByRole('tab', { name: 'Einstellungen' }).click();
    const settings = page.getByRole('form', { name: 'Rechnungseinstellungen' });
    await settings.getByLabel('Name des Zahlungsempfängers').fill('BPW Zürich');
    await settings.getByLabel('Strasse').fill('Bahnhofstrasse');
    await settings.getByLabel('Hausnummer').fill('1');
    await settings.getByLabel('PLZ').fill('8001');
    await settings.getByLabel('Ort').fill('Zürich');
    await settings.getByLabel('IBAN oder QR-IBAN').fill('CH44 3199 9123 0008 8901 3');
    await settings.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(settings.getByText(/Die IBAN ist ungültig/)).toBeVisible();
    await settings.getByLabel('IBAN oder QR-IBAN').fill('CH44 3199 9123 0008 8901 2');
    await expect(settings.getByText(/QR-IBAN: Die Rechnungen erhalten eine QR-Referenz/)).toBeVisible();
    await settings.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(page.getByText('Die Rechnungseinstellungen sind gespeichert.')).toBeVisible();

    // The fee schedule of this year, set by keyboard in its dialog.
    const year = new Date().getFullYear();
    await page.getByRole('button', { name: 'Beitragsjahr festlegen' }).click();
    const schedule = page.getByRole('dialog', { name: 'Beitragsjahr festlegen' });
    await schedule.getByLabel('Einzelmitglied').fill('120');
    await schedule.getByLabel('Kollektivmitglied').fill('200');
    await schedule.getByLabel('Firmenmitglied').fill('300');
    await schedule.getByLabel('Reduzierter Beitrag für Junge').fill('60');
    await expectNoAxeViolations(page);
    await schedule.getByLabel('Firmenmitglied').press('Enter');
    await expect(schedule).toBeHidden();
    await expect(page.getByRole('list', { name: 'Beitragsordnung' }).getByText(String(year))).toBeVisible();
    await expectNoAxeViolations(page);

    // Fee run: the preview, then the run with its progress.
    await page.getByRole('tab', { name: 'Beitragslauf' }).click();
    await page.getByRole('button', { name: 'Vorschau anzeigen' }).click();
    await expect(page.getByRole('heading', { name: `Vorschau ${year}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Rechnungen erstellen$/ }).click();
    await expect(page.getByRole('progressbar', { name: 'Fortschritt des Beitragslaufs' })).toBeVisible();
    await expect(page.getByText(/^Fertig: \d+ Rechnungen erstellt/)).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page);

    // Her invoice in the list (search by name), then its page.
    await page.getByRole('tab', { name: 'Rechnungen' }).click();
    await page.getByRole('searchbox', { name: 'Name oder Nummer suchen' }).fill(`Beitrag ${suffix}`);
    const row = page.getByRole('link', { name: new RegExp(`Rechnung \\d{4}-\\d{6}, .*Beitrag ${suffix}`) });
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.click();
    const heading = page.getByRole('heading', { level: 1, name: /^Rechnung \d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace('Rechnung ', '');
    await expect(page.getByText('Ausgestellt', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    const pdf = await downloadWhenReady(page, page.getByRole('button', { name: 'PDF herunterladen' }));
    expect(pdf.suggestedFilename()).toBe(`invoice-${number}.pdf`);

    // A manual payment of part of it: partly paid.
    await page.getByRole('button', { name: 'Zahlung erfassen' }).click();
    const payment = page.getByRole('dialog', { name: `Zahlung zu Rechnung ${number} erfassen` });
    await payment.getByLabel('Betrag').fill('50');
    await payment.getByLabel('Bemerkung').fill('Bar an der Versammlung');
    await expectNoAxeViolations(page);
    await payment.getByRole('button', { name: 'Zahlung erfassen' }).click();
    await expect(payment).toBeHidden();
    await expect(page.getByText('Teilweise bezahlt', { exact: true })).toBeVisible();
    await expect(page.getByText('Bar an der Versammlung')).toBeVisible();

    // The bank's file with one credit whose reference matches nothing; assigned by hand.
    await page.getByRole('link', { name: /Zurück zu den Finanzen/ }).click();
    await page.getByRole('tab', { name: 'Zahlungen' }).click();
    const camt = camtXml({
      fileRef: `E2E-${suffix}`,
      iban: qrIban,
      entries: [{ reference: createQrr(`9${Date.now()}`), amount: '20.00', debtorName: 'Mia Beitrag' }],
    });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(camt) });
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await expect(page.getByText('0 von 1 Gutschriften zugeordnet.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', { name: /^Rechnung zuordnen: Gutschrift/ })
      .first()
      .click();
    const assign = page.getByRole('dialog', { name: 'Gutschrift einer Rechnung zuordnen' });
    await assign.getByLabel('Rechnung (Nummer oder Name)').fill(number);
    await page.getByRole('option', { name: new RegExp(number) }).click();
    await expectNoAxeViolations(page);
    await assign.getByRole('button', { name: 'Rechnung zuordnen' }).click();
    await expect(assign).toBeHidden();
    await expect(page.getByText(`Die Gutschrift ist der Rechnung ${number} zugeordnet.`)).toBeVisible();

    // The member sees her invoice on /me; she cannot open the club's finance page.
    const memberContext = await browser.newContext({ locale: 'de-CH' });
    const memberPage = await memberContext.newPage();
    await signInAs(memberPage, { username: member.username, password });
    await memberPage.goto('/me');
    const mine = memberPage.getByRole('list', { name: 'Meine Rechnungen' });
    await expect(mine.getByRole('link', { name: new RegExp(`Rechnung ${number}`) })).toBeVisible();
    await expect(mine.getByText('Teilweise bezahlt', { exact: true })).toBeVisible();
    await expectNoAxeViolations(memberPage);
    await memberPage.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(memberPage);
    await memberPage.setViewportSize({ width: 1280, height: 800 });
    const own = await downloadWhenReady(
      memberPage,
      memberPage.getByRole('button', { name: `PDF der Rechnung ${number} herunterladen` }),
    );
    expect(own.suggestedFilename()).toBe(`invoice-${number}.pdf`);

    await memberPage.goto(`/clubs/${clubId}`);
    await expect(memberPage.getByRole('heading', { level: 1, name: 'BPW Zürich' })).toBeVisible();
    await expect(memberPage.getByRole('tab', { name: 'Finanzen' })).toHaveCount(0);
    await memberPage.goto(`/clubs/${clubId}/finance`);
    await expect(memberPage.getByText(/verwalten nur die Finanzverantwortliche/)).toBeVisible();
    await expect(memberPage.getByRole('tab', { name: 'Beitragslauf' })).toHaveCount(0);
    await expectNoAxeViolations(memberPage);
    const refused = await memberPage.request.get(`/api/v1/club/${clubId}/invoice-settings`, {
      headers: {
        Authorization: `Bearer ${await memberPage.evaluate(() => JSON.parse(localStorage.getItem('bpw.auth')!).token as string)}`,
      },
    });
    expect(refused.status()).toBe(403);
    await memberContext.close();
  });

  test('the finance responsible invoices the confirmed registrations of an event from its page', async ({
    page,
    browser,
    request,
    expectNoAxeViolations,
  }) => {
    const headers = await adminHeaders(request);
    const clubId = await clubIdOf(request, headers, 'BPW Zürich');
    await ensureInvoicing(request, headers, clubId);
    const suffix = randomUUID().slice(0, 4);
    const finance = await createPerson(request, headers, clubId, {
      firstname: 'Franziska',
      lastname: `Kasse ${suffix}`,
      membershipType: 300,
      withAddress: false,
    });
    const relation = await request.post(`/api/v1/person/${finance.id}/club`, {
      headers,
      data: { clubId, type: 130, from: '2020-01-01' },
    });
    expect(relation.status(), await relation.text()).toBe(201);

    // An event of BPW Zürich whose cost names its price; three guests, two confirmed by staff.
    const categories = (await (
      await request.get('/api/v1/event-category-public', { params: { PerPage: 0 } })
    ).json()) as { items: { id: string }[] };
    const title = `Rechnungsapéro ${suffix}`;
    const created = await request.post('/api/v1/event', {
      headers,
      data: {
        title,
        eventCategoryIds: [categories.items[0]?.id],
        eventFrom: new Date(Date.now() + 12 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        registrationSlots: 0,
        location: 'Zunfthaus',
        street: 'Limmatquai 40',
        zip: '8001',
        city: 'Zürich',
        teaserText: 'Apéro mit Rechnung.',
        cost: 'CHF 45.– inkl. Apéro',
        responsibleClubId: clubId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = ((await created.json()) as { id: string }).id;
    expect(
      (await request.put(`/api/v1/event/${eventId}/event-state`, { headers, data: { eventState: 20 } })).ok(),
    ).toBe(true);
    const guests = ['Greta', 'Hanna', 'Ines'].map((firstname) => ({
      firstname,
      lastname: `Gast-${suffix}`,
      email: `${firstname.toLowerCase()}.rechnung.${suffix}@example.com`,
    }));
    const ids: string[] = [];
    for (const guest of guests) {
      const registered = await request.post(`/api/v1/event-public/${eventId}/event-registration`, {
        headers: { 'X-Forwarded-For': nextIp() },
        data: { ...guest, street: 'Langstrasse 1', zip: '8004', city: 'Zürich', countryCode: 'CH' },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      ids.push(((await registered.json()) as { id: string }).id);
    }
    for (const id of ids.slice(0, 2)) {
      const confirmed = await request.put(`/api/v1/event-registration/${id}/state`, {
        headers,
        data: { eventRegistrationState: 30 },
      });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
    }

    // The event's manager (not an invoicing manager) is not offered the action.
    const eventsContext = await browser.newContext({ locale: 'de-CH' });
    const eventsPage = await eventsContext.newPage();
    await signInAs(eventsPage, demo.events);
    await eventsPage.goto(`/events/${eventId}`);
    await expect(eventsPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await eventsPage.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await expect(eventsPage.getByRole('menuitem', { name: 'Vorschau' })).toBeVisible();
    await expect(eventsPage.getByRole('menuitem', { name: 'Anmeldungen verrechnen' })).toHaveCount(0);
    await eventsContext.close();

    // The finance responsible: the action, the price from the cost, the preview by keyboard.
    await signInAs(page, { username: finance.username, password });
    await page.goto(`/events/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Aktionen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Anmeldungen verrechnen' }).click();
    const dialog = page.getByRole('dialog', { name: /Anmeldungen verrechnen/ });
    const amount = dialog.getByRole('textbox', { name: 'Betrag pro Anmeldung' });
    await expect(amount).toHaveValue('45.00');
    await expect(amount).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    const preview = dialog.getByRole('region', { name: 'Vorschau' });
    await expect(preview).toBeVisible();
    await expect(preview.getByText('CHF 90.00')).toBeVisible();
    await expect(preview.getByRole('list', { name: 'Nicht verrechnet' }).getByRole('listitem')).toHaveText([
      `Ines Gast-${suffix}: Nicht bestätigt (offen oder auf der Warteliste)`,
    ]);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Enter again creates them; the PDFs and mails follow as a job; the club's invoices are one click away.
    await amount.press('Enter');
    await expect(dialog.getByText('2 Rechnungen erstellt.')).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'PDF und Versand der Rechnungen' })).toBeVisible();
    await expect(dialog.getByText('Die Rechnungen sind als PDF erstellt und per E-Mail versandt.')).toBeVisible({
      timeout: 60_000,
    });
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Rechnungen des Clubs öffnen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Finanzen – BPW Zürich' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Name oder Nummer suchen' }).fill(`Gast-${suffix}`);
    await expect(
      page.getByRole('link', { name: new RegExp(`Rechnung \\d{4}-\\d{6}, Greta Gast-${suffix}`) }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`Rechnung \\d{4}-\\d{6}, Hanna Gast-${suffix}`) }),
    ).toBeVisible();
  });

  test("the club's manager accepts an application with the new member's first invoice", async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const headers = await adminHeaders(request);
    const clubId = await clubIdOf(request, headers, 'BPW Zürich');
    await ensureInvoicing(request, headers, clubId);
    const form = await request.put(`/api/v1/club/${clubId}/application-form`, {
      headers,
      data: {
        isPublished: true,
        intro: { de: 'Willkommen bei BPW Zürich!', fr: '', it: '', en: '' },
        membershipTypes: [0],
        questions: [],
      },
    });
    expect(form.status(), await form.text()).toBe(200);
    const suffix = randomUUID().slice(0, 4);
    const lastname = `Neumitglied ${suffix}`;
    const email = `nora.${suffix}.${Date.now()}@example.org`;
    const before = await listMails();
    const applied = await request.post(`/api/v1/application-public/${clubId}`, {
      headers: { 'X-Forwarded-For': nextIp() },
      data: {
        firstname: 'Nora',
        lastname,
        birthday: '1979-08-20',
        languageCode: 'de',
        street: 'Seefeldstrasse 7',
        zip: '8008',
        city: 'Zürich',
        countryCode: 'CH',
        email,
        phone: null,
        membershipType: 0,
        advertising: 10,
        hasAcceptedTerms: true,
        answers: [],
      },
    });
    expect(applied.status(), await applied.text()).toBe(202);
    const key = /\/apply\/confirm\/([A-Za-z0-9_-]+)/.exec(await waitForMail(email, before))?.[1];
    const confirmed = await request.put(`/api/v1/application-public/${key}/confirm`, {
      headers: { 'X-Forwarded-For': nextIp() },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // The manager accepts her; the club has a fee schedule, so her first invoice is offered, ticked.
    await signInAs(page, demo.manager);
    await page.goto(`/clubs/${clubId}`);
    await page.getByRole('tab', { name: 'Anträge' }).click();
    const card = page.getByRole('listitem', { name: `Nora ${lastname}` });
    await card.getByRole('button', { name: 'Aufnehmen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Antrag annehmen' });
    const year = new Date().getFullYear();
    const offer = dialog.getByRole('checkbox', { name: `Ihre erste Rechnung erstellen (Mitgliederbeitrag ${year})` });
    await expect(offer).toBeChecked();
    await expect(dialog.getByText(/Clubbeitrag laut Beitragsordnung: CHF\s120\.00/)).toBeVisible();
    // By keyboard: unticked and ticked again.
    await offer.focus();
    await page.keyboard.press('Space');
    await expect(offer).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(offer).toBeChecked();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Aufnehmen' }).click();

    // The outcome stays on screen: her invoice's number and amount, and a way to it.
    const result = page.getByRole('dialog', { name: `Nora ${lastname} ist aufgenommen` });
    await expect(
      result.getByText(
        /^Rechnung \d{4}-\d{6} über CHF\s120\.00 \(Mitgliederbeitrag \d{4}\) ist erstellt; sie geht ihr per E-Mail zu\.$/,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await result.getByRole('link', { name: /^Rechnung \d{4}-\d{6} öffnen$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Rechnung \d{4}-\d{6}$/ })).toBeVisible();
    await expect(page.getByText(`Nora ${lastname}`).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
