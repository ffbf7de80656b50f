import type { Page } from '@playwright/test';
import { admin, demo, expect, expectNoHorizontalScroll, signInAs, storedSession, test } from './fixtures';

// Issue 25 (docs/decisions/erasure.md): a member asks to leave her club and to be erased on her
// page; her club's manager decides the leave request on the club page; an admin decides the
// erasure request and looks at the retention period. Nothing here changes the demo data for
// good: both requests are declined and the period is reset.

async function clubIdOf(page: Page, name: string) {
  const session = await storedSession(page);
  const clubs = await page.request.get('/api/v1/club?PerPage=0', {
    headers: { authorization: `Bearer ${session!.token}` },
  });
  return ((await clubs.json()).items as { id: string; name: string }[]).find((club) => club.name === name)!.id;
}

test.describe('leave and erasure requests', () => {
  test.describe.configure({ timeout: 150_000 });

  test('she asks, her manager and an admin decline with a reason, by keyboard and on a phone', async ({
    page,
    browser,
    expectNoAxeViolations,
  }) => {
    // The member asks to leave BPW Zürich, by keyboard.
    await signInAs(page, demo.member);
    await page.goto('/me');
    const leave = page.getByRole('region', { name: 'Austritt aus einem Club' });
    await expect(leave).toBeVisible({ timeout: 15_000 });
    const ask = leave.getByRole('button', { name: 'Austritt aus BPW Zürich beantragen' });
    await ask.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Austritt aus BPW Zürich beantragen' });
    await dialog.getByLabel('Mitteilung an den Club (freiwillig)').fill('Ich ziehe nach Genf.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Gesuch senden' }).click();
    await expect(dialog).toBeHidden();
    await expect(leave).toContainText('Beantragt per 31.12.');

    // And for her account to be erased, confirmed with her password.
    const erasure = page.getByRole('region', { name: 'Konto löschen lassen' });
    await expect(erasure).toContainText('Rechnungen und Zahlungen während zehn Jahren');
    await erasure.getByRole('button', { name: 'Löschung beantragen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Konto löschen lassen' });
    await confirm.getByLabel('Ihr Passwort zur Bestätigung').fill('falsch');
    await confirm.getByRole('button', { name: 'Löschung beantragen' }).click();
    await expect(confirm).toContainText('Das aktuelle Passwort ist nicht korrekt.');
    await confirm.getByLabel('Ihr Passwort zur Bestätigung').fill(demo.member.password);
    await confirm.getByRole('button', { name: 'Löschung beantragen' }).click();
    await expect(confirm).toBeHidden();
    await expect(erasure.getByRole('status')).toContainText('Sie haben die Löschung am');
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(leave).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Her club's manager declines the leave request on the club page.
    const managerContext = await browser.newContext();
    const managerPage = await managerContext.newPage();
    await signInAs(managerPage, demo.manager);
    await managerPage.goto(`/clubs/${await clubIdOf(managerPage, 'BPW Zürich')}`);
    await managerPage.getByRole('tab', { name: 'Austritte' }).click();
    const request = managerPage.getByRole('listitem', { name: demo.member.name });
    await expect(request).toContainText('Ich ziehe nach Genf.', { timeout: 15_000 });
    await expectNoAxeViolations(managerPage);
    await request.getByRole('button', { name: 'Ablehnen' }).click();
    const decline = managerPage.getByRole('dialog', { name: 'Austrittsgesuch ablehnen' });
    await decline.getByLabel('Begründung (sie erhält sie per E-Mail)').fill('Bitte sprechen Sie zuerst mit uns.');
    await decline.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(decline).toBeHidden();
    await expect(managerPage.getByText('Keine offenen Austrittsgesuche.')).toBeVisible();
    await managerContext.close();

    // An admin declines the erasure request and looks at the retention period.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin);
    await adminPage.getByRole('navigation').getByRole('link', { name: 'Datenschutz' }).first().click();
    await expect(adminPage.getByRole('heading', { level: 1, name: /Datenschutz/ })).toBeVisible({ timeout: 15_000 });
    const requests = adminPage.getByRole('region', { name: 'Löschgesuche' });
    await expect(requests).toContainText(demo.member.name);
    await expectNoAxeViolations(adminPage);
    await requests.getByRole('button', { name: 'Ablehnen' }).first().click();
    const declineErasure = adminPage.getByRole('dialog', { name: 'Löschgesuch ablehnen' });
    await declineErasure.getByLabel('Begründung (sie erhält sie per E-Mail)').fill('Eine Rechnung ist noch offen.');
    await declineErasure.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(requests).toContainText('Keine offenen Löschgesuche.');

    const retention = adminPage.getByRole('region', { name: 'Aufbewahrungsfrist' });
    await expect(retention).toContainText('Keine Personen nach Ablauf der Frist.');
    await retention.getByLabel('Monate').fill('1200');
    await retention.getByLabel('Monate').press('Enter');
    await expect(adminPage.getByText('Die Aufbewahrungsfrist ist gespeichert.')).toBeVisible();
    await retention.getByLabel('Monate').fill('');
    await retention.getByRole('button', { name: 'Speichern' }).click();
    await adminPage.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(adminPage);
    await expectNoAxeViolations(adminPage);
    await adminContext.close();

    // She sees both requests gone.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Austritt aus einem Club' })).not.toContainText('Beantragt per', {
      timeout: 15_000,
    });
    await expect(
      page.getByRole('region', { name: 'Konto löschen lassen' }).getByRole('button', { name: 'Löschung beantragen' }),
    ).toBeVisible();
  });
});
