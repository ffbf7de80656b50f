import { demo, expect, signInAs, storedSession, test } from './fixtures';

/** The claims of a JWT, unverified. */
function claimsOf(token: string): { exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
    iat: number;
  };
}

test.describe('the session', () => {
  test('an access token that expires mid-session is renewed without the user noticing', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, demo.events);
    await expect(page).toHaveURL(/\/persons$/);
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation).toContainText(demo.events.name);

    const first = await storedSession(page);
    expect(first).not.toBeNull();
    // The user state (spec 01 §9): tokens and the signed-in person; the locale has its own key.
    await expect
      .poll(async () => (await storedSession(page))?.person)
      .toMatchObject({ id: first!.personId, firstname: 'Laura', lastname: 'Brunner', languageCode: 'de' });
    const { exp, iat } = claimsOf(first!.token);
    // playwright.config.ts gives the e2e server short-lived tokens; a long one would stall the test.
    expect(exp - iat, 'ACCESS_TOKEN_TTL_SECONDS of the e2e server').toBeLessThanOrEqual(20);
    await page.waitForTimeout(Math.max(0, exp * 1000 - Date.now()) + 1500);

    // Reloading loads the signed-in person with the expired token: 401 Token-Expired, one
    // refresh, and the same call again.
    const refresh = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/auth/refresh'),
    );
    const person = page.waitForResponse(
      (response) => response.url().endsWith(`/api/v1/person/${first!.personId}`) && response.status() === 200,
    );
    await page.reload();
    const refreshResponse = await (await refresh).response();
    expect(refreshResponse?.status()).toBe(200);
    await person;

    await expect(page).toHaveURL(/\/persons$/);
    await expect(navigation).toContainText(demo.events.name);
    const second = await storedSession(page);
    expect(second?.token).not.toBe(first!.token);
    expect(second?.refreshToken).not.toBe(first!.refreshToken);

    // Moving on in the app needs no new sign-in.
    await navigation.getByRole('link', { name: 'Clubs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
    await expect(page).toHaveURL(/\/clubs$/);
    await expectNoAxeViolations(page);
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
