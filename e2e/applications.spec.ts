import {
  demo,
  expect,
  expectNoHorizontalScroll,
  listMails,
  passwordLinkIn,
  signInAs,
  storedSession,
  test,
  waitForMail,
} from './fixtures';

/**
 * Issue 25: a club's manager publishes the application form; a woman applies, follows the mailed
 * link and confirms her address; the manager accepts her, and she gets the invitation link.
 */
test.describe('applying for membership', () => {
  test('apply, confirm by the mailed link, and the manager accepts', async ({
    page,
    browser,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    // The manager of BPW Zürich publishes the form on the club page's tab.
    await signInAs(page, demo.manager);
    const session = await storedSession(page);
    const clubs = await page.request.get('/api/v1/club?PerPage=0', {
      headers: { authorization: `Bearer ${session!.token}` },
    });
    const clubId = ((await clubs.json()).items as { id: string; name: string }[]).find(
      (club) => club.name === 'BPW Zürich',
    )!.id;
    await page.goto(`/clubs/${clubId}`);
    await page.getByRole('tab', { name: 'Anträge' }).click();
    await page.getByRole('button', { name: 'Formular bearbeiten' }).click();
    const editor = page.getByRole('dialog', { name: 'Antragsformular' });
    await editor.getByLabel('Formular veröffentlichen').check();
    await editor.getByLabel('Einleitung (Deutsch)').fill('Willkommen bei BPW Zürich!');
    await editor.getByRole('checkbox', { name: 'Einzelmitglied', exact: true }).check();
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText('Veröffentlicht', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // A visitor applies (her own browser, not signed in).
    const visitor = await browser.newContext({ locale: 'de-CH' });
    const applicant = await visitor.newPage();
    const email = `bewerberin.${Date.now()}@example.org`;
    await applicant.goto(`/apply/${clubId}`);
    await expect(applicant.getByRole('heading', { level: 1, name: 'Mitglied werden bei BPW Zürich' })).toBeVisible();
    await expect(applicant.getByText('Willkommen bei BPW Zürich!')).toBeVisible();
    await expectNoAxeViolations(applicant);
    await applicant.getByLabel('Vorname').fill('Lea');
    await applicant.getByLabel('Nachname').fill('Bewerberin');
    await applicant.getByRole('textbox', { name: 'Geburtstag' }).fill('12.04.1988');
    await applicant.getByLabel('E-Mail').fill(email);
    await applicant.getByLabel('Strasse').fill('Bahnhofstrasse 1');
    await applicant.getByLabel('PLZ').fill('8001');
    await applicant.getByLabel('Ort').fill('Zürich');
    await applicant.getByRole('checkbox', { name: 'Ich akzeptiere die Nutzungsbedingungen.' }).check();
    await applicant.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(applicant);
    await expectNoAxeViolations(applicant);
    await applicant.setViewportSize({ width: 1280, height: 800 });
    const before = await listMails();
    await applicant.getByRole('button', { name: 'Antrag senden' }).click();
    await expect(applicant.getByText('Fast geschafft')).toBeVisible();

    // The mailed link: the page confirms on its button only.
    const mail = await waitForMail(email, before);
    const link = /https?:\/\/[^\s"<>]+(\/apply\/confirm\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await applicant.goto(link!);
    await expectNoAxeViolations(applicant);
    await applicant.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(applicant);
    await expectNoAxeViolations(applicant);
    await applicant.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(applicant.getByText('Ihr Antrag ist bei BPW Zürich eingegangen')).toBeVisible();

    // The manager sees it on the tab and accepts her.
    await page.reload();
    await page.getByRole('tab', { name: 'Anträge' }).click();
    const card = page.getByRole('listitem', { name: 'Lea Bewerberin' });
    await expect(card).toBeVisible();
    await expectNoAxeViolations(page);
    const beforeInvitation = await listMails();
    await card.getByRole('button', { name: 'Aufnehmen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Antrag annehmen' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Aufnehmen' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
    const invitation = await waitForMail(email, beforeInvitation);
    expect(passwordLinkIn(invitation)).toMatch(/^\/reset-password\?token=/);
    await visitor.close();
  });
});
