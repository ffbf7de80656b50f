import type { Page } from '@playwright/test';
import { claimsOf, demo, expect, expiredCopyOf, replaceStoredToken, signInAs, storedSession, test } from './fixtures';

/** Waits for the app's refresh call and answers the body it sent and the status it got. */
async function nextRefresh(page: Page) {
  const request = await page.waitForRequest(
    (candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/api/v1/auth/refresh'),
  );
  const response = await request.response();
  return { body: request.postDataJSON() as { refreshToken: string; jwtToken: string }, status: response?.status() };
}

test.describe('the session', () => {
  test('an access token that expires mid-session is renewed without the user noticing', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.events);
    await expect(page).toHaveURL(/\/persons$/);
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation).toContainText(demo.events.name);
    const signedIn = await storedSession(page);
    expect(signedIn).not.toBeNull();
    // The user state (spec 01 §9): tokens and the signed-in person; the locale has its own key.
    await expect
      .poll(async () => (await storedSession(page))?.person)
      .toMatchObject({ id: signedIn!.personId, firstname: 'Laura', lastname: 'Brunner', languageCode: 'de' });

    // The access token runs out while she works: the next call gets 401 Token-Expired, the app
    // refreshes once and repeats the call. She moves on to the clubs list as if nothing happened.
    const expired = expiredCopyOf(signedIn!.token);
    const refused = page.waitForResponse(
      (response) => response.status() === 401 && response.headers()['token-expired'] === 'true',
    );
    const refreshed = nextRefresh(page);
    await replaceStoredToken(page, expired);
    const clubs = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/club' && response.status() === 200,
    );
    await navigation.getByRole('link', { name: 'Clubs', exact: true }).click();
    await refused;
    const firstRefresh = await refreshed;
    expect(firstRefresh.status).toBe(200);
    expect(firstRefresh.body).toEqual({ refreshToken: signedIn!.refreshToken, jwtToken: expired });
    await clubs;
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
    await expect(page).toHaveURL(/\/clubs$/);
    const renewed = await storedSession(page);
    expect(renewed?.token).not.toBe(expired);
    expect(renewed?.refreshToken).not.toBe(signedIn!.refreshToken);
    expect(claimsOf(renewed!.token).exp * 1000).toBeGreaterThan(Date.now());
    await expectNoAxeViolations(page);

    // The same after a reload: the app starts, loads her person with the expired token, refreshes.
    const refreshedAgain = nextRefresh(page);
    await replaceStoredToken(page, expiredCopyOf(renewed!.token));
    const person = page.waitForResponse(
      (response) => response.url().endsWith(`/api/v1/person/${signedIn!.personId}`) && response.status() === 200,
    );
    await page.reload();
    expect((await refreshedAgain).status).toBe(200);
    await person;
    await expect(page).toHaveURL(/\/clubs$/);
    await expect(navigation).toContainText(demo.events.name);
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
    expect((await storedSession(page))?.refreshToken).not.toBe(renewed!.refreshToken);
  });

  test('logout clears the session: Back and a typed address lead to the login', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    await signInAs(page, demo.manager);
    await expect(page).toHaveURL(/\/dashboard$/);
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await navigation.getByRole('link', { name: 'Personen', exact: true }).click();
    await expect(page).toHaveURL(/\/persons$/);
    const session = await storedSession(page);
    expect(session).not.toBeNull();

    const logoutCall = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/logout'));
    await navigation.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await logoutCall).status()).toBe(204);
    expect(await storedSession(page)).toBeNull();
    await expectNoAxeViolations(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await page.goto('/persons');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);

    // The server ended the sign-in too: its refresh token renews nothing any more.
    const refresh = await request.post('/api/v1/auth/refresh', {
      data: { refreshToken: session!.refreshToken, jwtToken: session!.token },
    });
    expect(refresh.status()).toBe(401);
  });
});
