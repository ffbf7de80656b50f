import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createAuthStore } from '../lib/auth-store';

const session = { token: 'old-token', refreshToken: 'old-refresh', personId: 'p1' };

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type, ...headers } });
}

const expired = () =>
  jsonResponse(
    401,
    { type: 'about:blank', title: 'Unauthorized', status: 401, errors: [] },
    { 'Token-Expired': 'true' },
  );

function setup(refreshAnswer: () => Response | Promise<Response>) {
  const storage = window.localStorage;
  storage.clear();
  const authStore = createAuthStore(storage);
  authStore.set(session);
  const calls: { url: string; authorization: string | null; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      authorization: headers.get('Authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.endsWith('/auth/refresh')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refreshAnswer();
    }
    if (headers.get('Authorization') === 'Bearer new-token') return jsonResponse(200, { ok: url });
    return expired();
  });
  const client = createApiClient({ fetch: fetchStub, authStore, getLocale: () => 'fr-CH' });
  const onSessionEnded = vi.fn();
  client.setSessionEndedHandler(onSessionEnded);
  return { client, authStore, calls, onSessionEnded };
}

describe('api client', () => {
  it('refreshes once for two concurrent expired calls and retries both', async () => {
    const { client, authStore, calls } = setup(() =>
      jsonResponse(200, { token: 'new-token', refreshToken: 'new-refresh' }),
    );

    const [first, second] = await Promise.all([client.get('/person/a'), client.get('/club/b')]);

    expect(first).toEqual({ ok: '/api/v1/person/a' });
    expect(second).toEqual({ ok: '/api/v1/club/b' });
    const refreshCalls = calls.filter((call) => call.url.endsWith('/auth/refresh'));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.body).toEqual({ refreshToken: 'old-refresh', jwtToken: 'old-token' });
    expect(authStore.get()).toEqual({ token: 'new-token', refreshToken: 'new-refresh', personId: 'p1' });
  });

  it('uses the tokens another tab rotated while it held the lock', async () => {
    const { authStore } = setup(() => jsonResponse(500, {}));
    const refreshCalls: string[] = [];
    const locks = {
      request: async <T>(_name: string, callback: () => Promise<T>) => {
        // Another tab held the lock and rotated the tokens meanwhile.
        authStore.set({ token: 'new-token', refreshToken: 'rotated', personId: 'p1' });
        return callback();
      },
    };
    const client = createApiClient({
      fetch: async (input, init) => {
        if (String(input).endsWith('/auth/refresh')) refreshCalls.push(String(input));
        const isFresh = new Headers(init?.headers).get('Authorization') === 'Bearer new-token';
        return isFresh ? jsonResponse(200, { ok: true }) : expired();
      },
      authStore,
      getLocale: () => 'de-CH',
      locks: locks as unknown as LockManager,
    });

    await expect(client.get('/person/a')).resolves.toEqual({ ok: true });
    expect(refreshCalls).toHaveLength(0);
    expect(authStore.get()?.refreshToken).toBe('rotated');
  });

  it('logs out when the refresh fails', async () => {
    const { client, authStore, calls, onSessionEnded } = setup(() =>
      jsonResponse(401, { title: 'Unauthorized', status: 401, errors: ['Session ended'] }),
    );

    const results = await Promise.allSettled([client.get('/person/a'), client.get('/person/b')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const reason = (results[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.status).toBe(401);
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(authStore.get()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    // The retries went out without a token.
    expect(calls.slice(-2).every((call) => call.authorization === null)).toBe(true);
  });

  it('lets a call outlive the page when asked (the logout before the login page loads)', async () => {
    const authStore = createAuthStore(window.localStorage);
    const fetchStub = vi.fn(async () => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch: fetchStub, authStore, getLocale: () => 'de-CH' });

    await client.post('/auth/logout', {}, { skipRefresh: true, keepalive: true });
    await client.post('/club', {});

    const inits = fetchStub.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]);
    expect(inits.map((init) => init.keepalive)).toEqual([true, undefined]);
  });

  it('turns problem+json into an ApiError with its messages and sends the locale', async () => {
    const authStore = createAuthStore(window.localStorage);
    authStore.clear();
    const fetchStub = vi.fn(async () =>
      jsonResponse(400, { type: 'about:blank', title: 'Bad Request', status: 400, errors: ['Name fehlt.'] }),
    );
    const client = createApiClient({ fetch: fetchStub, authStore, getLocale: () => 'de-CH' });

    const error = await client.post('/club', { name: '' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual(['Name fehlt.']);
    const init = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init[1].headers).get('Accept-Language')).toBe('de-CH');
  });
});
