import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, expectNoHorizontalScroll, signInAs, test } from './fixtures';

/**
 * Issue 26: an admin registers an application for "sign in with this account" (OpenID Connect);
 * a member starts a sign-in at the application, signs in here, sees the consent page, denies
 * once and allows once, and finds the application under "Connected apps". axe on the admin page
 * and the consent page, at desktop width and at 360 px.
 */
const redirectUri = 'https://app.example.test/callback';

async function adminHeaders(request: APIRequestContext) {
  const signedIn = await request.post('/api/v1/auth/authenticate', {
    data: { username: admin.username, password: admin.password, acceptedTermsAndConditions: true },
  });
  return { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
}

async function createMember(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const clubs = (await (await request.get('/api/v1/club?PerPage=0', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  const username = `oidc-${randomUUID().slice(0, 8)}@example.ch`;
  const password = 'Andere-Apps-42';
  const created = await request.post('/api/v1/person', {
    headers,
    data: {
      firstname: 'Olivia',
      lastname: `Connect ${randomUUID().slice(0, 4)}`,
      username,
      password,
      birthday: '1984-03-02',
      language: 'de',
      clubId: clubs.items.find((club) => club.name === 'BPW Zürich')?.id,
      membershipType: 0,
      clubFrom: '2020-01-01',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return {
    username,
    password,
    remove: async () => expect((await request.delete(`/api/v1/person/${id}`, { headers })).ok()).toBe(true),
  };
}

/** The application's authorization request, with a PKCE challenge (S256). */
function authorizationUrl(clientId: string) {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email clubs',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  return `/oidc/auth?${params.toString()}`;
}

/** The application's callback is not reachable from here: answered by the test. */
async function catchCallback(page: Page) {
  await page.route('https://app.example.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback' }),
  );
}

test.describe('sign in to other apps', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin registers an app; its secret is shown once', async ({ page, expectNoAxeViolations }) => {
    await signInAs(page, admin);
    await page.goto('/oidc-clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für andere Apps' })).toBeVisible();
    await page.getByRole('button', { name: 'App registrieren' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Nextcloud ${randomUUID().slice(0, 4)}`);
    await dialog.getByLabel('Weiterleitungs-URLs').fill(redirectUri);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Client-ID und Geheimnis' });
    await expect(secretDialog.getByTestId('client-secret')).toHaveValue(/^[A-Za-z0-9_-]{40,}$/);
    await expectNoAxeViolations(page);
    await secretDialog.getByRole('button', { name: 'Ich habe es kopiert' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('a member signs in at the app: sign-in here, consent denied then allowed, connected apps', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const headers = await adminHeaders(request);
    const appName = `Forum ${randomUUID().slice(0, 4)}`;
    const registered = await request.post('/api/v1/oidc-client', {
      headers,
      data: {
        name: appName,
        redirectUris: [redirectUri],
        scopes: ['profile', 'email', 'clubs'],
        isPublic: false,
        isEnabled: true,
      },
    });
    expect(registered.status()).toBe(201);
    const { id: clientId } = (await registered.json()) as { id: string };
    const member = await createMember(request);
    try {
      await catchCallback(page);
      // At 360 px: the app sends her here; she signs in first, then sees the consent page.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(authorizationUrl(clientId));
      await expect(page).toHaveURL(/\/login\?returnTo=%2Fconnect%2F/);
      const form = page.locator('form').filter({ has: page.locator('input[name="username"]') });
      await form.locator('input[name="username"]').fill(member.username);
      await form.locator('input[name="password"]').fill(member.password);
      await form.locator('input[name="acceptedTerms"]').check();
      await form.locator('button[type="submit"]').click();
      await expect(page.getByRole('heading', { level: 1, name: `Bei ${appName} anmelden` })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByText('Ihre E-Mail-Adresse')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Ablehnen' }).click();
      await expect(page).toHaveURL(/^https:\/\/app\.example\.test\/callback\?error=access_denied/);

      // At desktop width: asked again (nothing was allowed), and allowed.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(authorizationUrl(clientId));
      await expect(page.getByRole('heading', { level: 1, name: `Bei ${appName} anmelden` })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Zulassen' }).click();
      await expect(page).toHaveURL(/^https:\/\/app\.example\.test\/callback\?code=/);

      // Remembered: the next sign-in goes straight back to the app.
      await page.goto(authorizationUrl(clientId));
      await expect(page).toHaveURL(/^https:\/\/app\.example\.test\/callback\?code=/, { timeout: 15_000 });

      // Her connected apps; withdrawing asks for confirmation.
      await page.goto('/security');
      const section = page.getByRole('region', { name: 'Verbundene Apps' });
      await expect(section.getByText(appName)).toBeVisible();
      await expectNoAxeViolations(page);
      await section.getByRole('button', { name: 'Widerrufen' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
      await expect(section.getByText('Keine Apps verbunden.')).toBeVisible();
    } finally {
      await member.remove();
      await request.delete(`/api/v1/oidc-client/${clientId}`, { headers });
    }
  });
});
