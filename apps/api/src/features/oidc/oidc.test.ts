import { createServer } from 'node:net';
import { count, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { oidcPayloads } from '../../db/schema/oidc';
import { persons } from '../../db/schema/persons';
import { createClub, createMembership, createPerson, signIn } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

/**
 * Issue 26: a real OpenID Connect client (openid-client) signs a member in through the running
 * server: discovery, authorization with PKCE, the web app's sign-in and consent (the API calls
 * its pages make), the code exchange, the ID token and the userinfo claims; and the refusals.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A browser's cookies, enough for the provider's cookies (name, value, path). */
class Browser {
  private cookies = new Map<string, { value: string; path: string }>();
  constructor(private readonly origin: string) {}

  cookieHeader(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  async fetch(url: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.set('cookie', cookie);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
    return res;
  }
}

let t: TestApp;
let origin: string;
let adminToken: string;

const api = (browser: Browser, token: string, path: string, init: RequestInit = {}) =>
  browser.fetch(`/api/v1${path}`, {
    ...init,
    token,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.headers as Record<string, string>),
    },
  });

async function registerClient(body: Record<string, unknown>) {
  const res = await api(new Browser(origin), adminToken, '/oidc-client', {
    method: 'POST',
    body: JSON.stringify({ isEnabled: true, scopes: ['profile', 'email', 'clubs'], ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; clientSecret: string | null };
}

const redirectUri = 'https://app.example.test/callback';

async function configFor(client: { id: string; clientSecret: string | null }) {
  return oidc.discovery(
    new URL(`${origin}/oidc`),
    client.id,
    client.clientSecret ?? undefined,
    client.clientSecret ? oidc.ClientSecretBasic(client.clientSecret) : oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** The application sends the browser to the provider: the provider sends it to the consent page. */
async function startAuthorization(
  config: oidc.Configuration,
  browser: Browser,
  params: Record<string, string> = {},
  options: { pkce?: boolean } = {},
) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email clubs',
    state,
    ...(options.pkce === false
      ? {}
      : { code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256' }),
    ...params,
  });
  const res = await browser.fetch(url.href);
  return { res, codeVerifier, state, location: res.headers.get('location') ?? '' };
}

const uidOf = (location: string) => /^\/connect\/([A-Za-z0-9_-]+)$/.exec(location)?.[1] ?? '';

/** The consent page's answer, then the browser back at the provider, which answers the application. */
async function answerConsent(browser: Browser, token: string, uid: string, accept: boolean) {
  const res = await api(browser, token, `/oidc-interaction/${uid}/${accept ? 'accept' : 'deny'}`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
  const { redirectTo } = (await res.json()) as { redirectTo: string };
  const back = await browser.fetch(redirectTo);
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location') ?? '');
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await createPerson(t.database.db, { isAdmin: true });
  adminToken = (await signIn(t.app, admin.username, admin.password)).token;
});

afterAll(async () => {
  await t?.close();
});

async function member(
  options: { firstname?: string; lastname?: string; languageCode?: 'de' | 'fr' | 'it' | 'en' } = {},
) {
  const club = await createClub(t.database.db, { name: 'BPW Bern' });
  const person = await createPerson(t.database.db, { clubId: club.id, ...options });
  await createMembership(t.database.db, { personId: person.id, clubId: club.id, type: 'president' });
  const [address] = await t.database.db
    .insert(addresses)
    .values({ personId: person.id, label: 'Home', street: 'Marktgasse 1', zip: '3011', city: 'Bern' })
    .returning();
  const [email] = await t.database.db
    .insert(addressEmails)
    .values({ addressId: address!.id, personId: person.id, value: 'vreni@example.test' })
    .returning();
  await t.database.db.update(persons).set({ primaryEmailId: email!.id }).where(eq(persons.id, person.id));
  const { token } = await signIn(t.app, person.username, person.password);
  return { ...person, club, token };
}

describe('OpenID Connect provider', () => {
  it('signs a member in to a confidential application: discovery, PKCE, consent, code, ID token, userinfo', async () => {
    const client = await registerClient({ name: 'Nextcloud', redirectUris: [redirectUri], isPublic: false });
    expect(client.clientSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const config = await configFor(client);
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${origin}/oidc`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'clubs']));

    const vreni = await member({ firstname: 'Vreni', lastname: 'Muster', languageCode: 'fr' });
    const browser = new Browser(origin);
    const { res, codeVerifier, state, location } = await startAuthorization(config, browser);
    expect(res.status).toBe(303);
    const uid = uidOf(location);
    expect(uid).not.toBe('');

    const details = await api(browser, vreni.token, `/oidc-interaction/${uid}`);
    expect(details.status).toBe(200);
    expect(await details.json()).toEqual({
      clientId: client.id,
      clientName: 'Nextcloud',
      scopes: ['openid', 'clubs', 'email', 'profile'],
      isConsentRemembered: false,
    });

    const callback = await answerConsent(browser, vreni.token, uid, true);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims?.sub).toBe(vreni.id);
    expect(claims?.iss).toBe(`${origin}/oidc`);
    expect(claims?.aud).toBe(client.id);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, vreni.id);
    expect(info).toMatchObject({
      sub: vreni.id,
      name: 'Vreni Muster',
      given_name: 'Vreni',
      family_name: 'Muster',
      email: 'vreni@example.test',
      locale: 'fr-CH',
    });
    expect(info.clubs).toEqual([{ id: vreni.club.id, name: 'BPW Bern', roles: ['Membre individuel', 'Présidente'] }]);

    // Her connected apps; a second sign-in remembers the consent.
    const list = await api(browser, vreni.token, '/oidc-consent');
    expect(((await list.json()) as { items: { clientName: string }[] }).items.map((i) => i.clientName)).toEqual([
      'Nextcloud',
    ]);
    const again = await startAuthorization(config, browser);
    const againDetails = await api(browser, vreni.token, `/oidc-interaction/${uidOf(again.location)}`);
    expect(((await againDetails.json()) as { isConsentRemembered: boolean }).isConsentRemembered).toBe(true);

    // Withdrawn: the application's token stops and the consent is asked again.
    const withdrawn = await api(browser, vreni.token, `/oidc-consent/${client.id}`, { method: 'DELETE' });
    expect(withdrawn.status).toBe(204);
    await expect(oidc.fetchUserInfo(config, tokens.access_token, vreni.id)).rejects.toThrow();
    const afterWithdrawal = await api(browser, vreni.token, `/oidc-interaction/${uidOf(again.location)}`);
    expect(((await afterWithdrawal.json()) as { isConsentRemembered: boolean }).isConsentRemembered).toBe(false);
  });

  it('releases only the scopes the registration allows', async () => {
    const client = await registerClient({
      name: 'Forum',
      redirectUris: [redirectUri],
      isPublic: true,
      scopes: ['profile'],
    });
    expect(client.clientSecret).toBeNull();
    const config = await configFor(client);
    const anna = await member();
    const browser = new Browser(origin);
    const { codeVerifier, state, location } = await startAuthorization(config, browser, { scope: 'openid profile' });
    const uid = uidOf(location);
    const details = await api(browser, anna.token, `/oidc-interaction/${uid}`);
    expect(((await details.json()) as { scopes: string[] }).scopes).toEqual(['openid', 'profile']);
    const callback = await answerConsent(browser, anna.token, uid, true);
    // A public client: no secret, PKCE alone.
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, anna.id);
    expect(info.given_name).toBe('Anna');
    expect(info.email).toBeUndefined();
    expect(info.clubs).toBeUndefined();

    // Scopes beyond the registration are refused by the provider.
    const tooMuch = await startAuthorization(config, new Browser(origin), { scope: 'openid email' });
    const refused = new URL(tooMuch.location);
    expect(refused.searchParams.get('error')).toBe('invalid_scope');
  });

  it('refuses a wrong redirect URI, a request without PKCE and a wrong client secret', async () => {
    const client = await registerClient({ name: 'Accounting', redirectUris: [redirectUri], isPublic: false });
    const config = await configFor(client);

    const wrongRedirect = await startAuthorization(config, new Browser(origin), {
      redirect_uri: 'https://evil.example.test/callback',
    });
    // Never sent to an unregistered address: the provider's own error page.
    expect(wrongRedirect.res.status).toBe(400);
    expect(wrongRedirect.location).toBe('');
    expect(await wrongRedirect.res.text()).toContain('redirect_uri');
    // The provider's own error page carries our security headers (no script, no framing).
    expect(wrongRedirect.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(wrongRedirect.res.headers.get('x-content-type-options')).toBe('nosniff');

    const noPkce = await startAuthorization(config, new Browser(origin), {}, { pkce: false });
    const noPkceAnswer = new URL(noPkce.location);
    expect(noPkceAnswer.searchParams.get('error')).toBe('invalid_request');
    expect(noPkceAnswer.searchParams.get('error_description')).toContain('PKCE');

    const plain = await startAuthorization(config, new Browser(origin), {
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    expect(new URL(plain.location).searchParams.get('error')).toBe('invalid_request');

    // Code exchange with a wrong secret.
    const anna = await member();
    const browser = new Browser(origin);
    const { codeVerifier, state, location } = await startAuthorization(config, browser);
    const callback = await answerConsent(browser, anna.token, uidOf(location), true);
    const wrongSecret = await oidc.discovery(new URL(`${origin}/oidc`), client.id, 'not-the-secret', undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    await expect(
      oidc.authorizationCodeGrant(wrongSecret, callback, { pkceCodeVerifier: codeVerifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_client' });
  });

  it('answers access_denied when she denies, and finishes only in the browser that started', async () => {
    const client = await registerClient({ name: 'Newsletter', redirectUris: [redirectUri], isPublic: false });
    const config = await configFor(client);
    const anna = await member();
    const browser = new Browser(origin);
    const { location, state } = await startAuthorization(config, browser);
    const uid = uidOf(location);

    // Another browser (a link sent to her by somebody else) cannot see or finish it.
    const elsewhere = await api(new Browser(origin), anna.token, `/oidc-interaction/${uid}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('content-type')).toContain('application/problem+json');
    const elsewherePost = await api(new Browser(origin), anna.token, `/oidc-interaction/${uid}/accept`, {
      method: 'POST',
    });
    expect(elsewherePost.status).toBe(404);

    const callback = await answerConsent(browser, anna.token, uid, false);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    const list = await api(browser, anna.token, '/oidc-consent');
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses an archived person and a disabled application', async () => {
    const client = await registerClient({ name: 'Wiki', redirectUris: [redirectUri], isPublic: false });
    const config = await configFor(client);

    // Archived after the code was issued: neither the code nor the token works any more.
    const anna = await member();
    const browser = new Browser(origin);
    const first = await startAuthorization(config, browser);
    const callback = await answerConsent(browser, anna.token, uidOf(first.location), true);
    await t.database.db.update(persons).set({ state: 90 }).where(eq(persons.id, anna.id));
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: first.codeVerifier,
        expectedState: first.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // Nor can she answer a consent page: her sign-in here has ended.
    const second = await startAuthorization(config, browser);
    const refused = await api(browser, anna.token, `/oidc-interaction/${uidOf(second.location)}`);
    expect(refused.status).toBe(401);

    // A person without an account never signs in here, so never there either.
    const noAccount = await createPerson(t.database.db, { hasAccount: false });
    await expect(signIn(t.app, noAccount.username, noAccount.password)).rejects.toThrow();

    // Disabled while a sign-in is under way, then for new ones.
    const bea = await member();
    const beaBrowser = new Browser(origin);
    const pending = await startAuthorization(config, beaBrowser);
    const disable = await api(new Browser(origin), adminToken, `/oidc-client/${client.id}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Wiki', redirectUris: [redirectUri], scopes: ['profile'], isEnabled: false }),
    });
    expect(disable.status).toBe(200);
    const consent = await api(beaBrowser, bea.token, `/oidc-interaction/${uidOf(pending.location)}/accept`, {
      method: 'POST',
    });
    expect(consent.status).toBe(403);
    const body = (await consent.json()) as { errors: string[] };
    expect(body.errors).toEqual(['Diese Anwendung ist nicht (mehr) zugelassen.']);
    const fresh = await startAuthorization(config, new Browser(origin));
    expect(fresh.res.status).toBe(400);
    expect(await fresh.res.text()).toContain('invalid_client');
  });

  it('cleans up the provider records past their end', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(oidcPayloads);
    expect(before!.n).toBeGreaterThan(0);
    const later = new Date(Date.now() + 24 * 3600 * 1000);
    const outcome = await t.app.scheduler.runJob('oidc-cleanup', { now: later });
    expect(outcome).toEqual({ ran: true, report: { deleted: before!.n } });
    const [after] = await t.database.db.select({ n: count() }).from(oidcPayloads);
    expect(after!.n).toBe(0);
  });

  it('lets only admins manage applications, with problem answers', async () => {
    const anna = await member();
    const browser = new Browser(origin);
    const list = await api(browser, anna.token, '/oidc-client');
    expect(list.status).toBe(403);
    const create = await api(browser, anna.token, '/oidc-client', {
      method: 'POST',
      body: JSON.stringify({ name: 'X', redirectUris: [redirectUri], scopes: [], isPublic: true, isEnabled: true }),
    });
    expect(create.status).toBe(403);

    const invalid = await api(browser, adminToken, '/oidc-client', {
      method: 'POST',
      headers: { 'accept-language': 'en' },
      body: JSON.stringify({
        name: 'X',
        redirectUris: ['http://app.example.test/callback'],
        scopes: [],
        isPublic: true,
        isEnabled: true,
      }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toContain('application/problem+json');

    const localhost = await registerClient({
      name: 'Development',
      redirectUris: ['http://localhost:8080/callback'],
      isPublic: true,
    });
    const renewPublic = await api(browser, adminToken, `/oidc-client/${localhost.id}/secret`, { method: 'POST' });
    expect(renewPublic.status).toBe(409);
    const removed = await api(browser, adminToken, `/oidc-client/${localhost.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const gone = await api(browser, adminToken, `/oidc-client/${localhost.id}`);
    expect(gone.status).toBe(404);
  });
});
