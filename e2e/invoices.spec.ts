import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createQrr } from '../packages/domain/src/invoice-reference';
import { camtXml } from '../apps/api/src/features/payments/camt-test-support';
import { admin, expect as baseExpect, expectNoHorizontalScroll, signInAs, test } from './fixtures';

// The machine is shared: pages and jobs may take a while to answer.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 17 in the browser: the finance responsible of BPW Zürich sets up the invoicing settings
 * and the fee schedule, previews and runs the fee run, opens an invoice and downloads its PDF,
 * books a manual payment, reads a small camt.054 and assigns its unmatched credit; the member
 * sees her invoice on /me; a member cannot open the club's finance page. axe on every screen,
 * and the finance page at 360 px.
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
});
