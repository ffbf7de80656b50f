import { readApiError } from './api-error';
import type { AuthStore, AuthTokens } from '../lib/auth-store';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Repeated keys for lists (`Clubs=a&Clubs=b`), as the API expects. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Never refresh on 401 (the refresh and logout calls, spec 01 §4). */
  skipRefresh?: boolean;
  /** Lets the call finish when the page is left right after it (the logout, issue 8). */
  keepalive?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  authStore: AuthStore;
  getLocale: () => string;
  /** Web Locks, to refresh once across browser tabs; absent in old browsers and tests. */
  locks?: Pick<LockManager, 'request'> | null;
  baseUrl?: string;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '/api/v1';
  let refreshing: Promise<AuthTokens | null> | null = null;
  let onSessionEnded: () => void = () => {};

  function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.getLocale() });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    // The app always asks the server (answers of the public pages may be kept a few seconds by
    // browsers and proxies, issue 24); an unchanged one comes back as 304 on its ETag.
    const init: RequestInit = { method: options.method ?? 'GET', headers, cache: 'no-cache' };
    if (body !== undefined) init.body = body;
    if (options.signal) init.signal = options.signal;
    if (options.keepalive) init.keepalive = true;
    return deps.fetch(`${baseUrl}${path}${buildQuery(options.query)}`, init);
  }

  async function refreshOnce(expired: AuthTokens): Promise<AuthTokens | null> {
    // After the lock: another tab (or an earlier refresh here) may have rotated the tokens already.
    const current = deps.authStore.get();
    if (!current) return null;
    if (current.token !== expired.token) return current;
    try {
      const response = await send(
        '/auth/refresh',
        {
          method: 'POST',
          body: { refreshToken: current.refreshToken, jwtToken: current.token },
        },
        undefined,
      );
      if (!response.ok) return null;
      const body = (await response.json()) as { token?: unknown; refreshToken?: unknown };
      if (typeof body.token !== 'string' || typeof body.refreshToken !== 'string') return null;
      const next = { ...current, token: body.token, refreshToken: body.refreshToken };
      deps.authStore.set(next);
      return next;
    } catch {
      return null;
    }
  }

  /** Single flight: concurrent expired calls wait for one refresh (spec 01 §4, token handling). */
  function refresh(expired: AuthTokens): Promise<AuthTokens | null> {
    refreshing ??= (async () => {
      const run = () => refreshOnce(expired);
      const next = deps.locks ? await deps.locks.request('auth-refresh', run) : await run();
      if (!next) {
        deps.authStore.clear();
        onSessionEnded();
      }
      return next;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends a call and answers the response, or throws an ApiError. */
  async function request(path: string, options: RequestOptions = {}): Promise<Response> {
    const session = deps.authStore.get();
    let response = await send(path, options, session?.token);
    const isExpired = response.status === 401 && response.headers.get('Token-Expired') === 'true';
    if (isExpired && session && !options.skipRefresh) {
      const next = await refresh(session);
      // Signed out now: retry without a token, so public pages keep working.
      response = await send(path, options, next?.token);
    }
    if (!response.ok) throw await readApiError(response);
    return response;
  }

  async function json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await request(path, options);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    json,
    get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
      json<T>(path, { query, ...(signal ? { signal } : {}) }),
    post: <T = void>(path: string, body?: unknown, options?: RequestOptions) =>
      json<T>(path, { ...options, method: 'POST', body }),
    put: <T = void>(path: string, body?: unknown) => json<T>(path, { method: 'PUT', body }),
    delete: <T = void>(path: string) => json<T>(path, { method: 'DELETE' }),
    blob: async (path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
      (await request(path, { query, ...(signal ? { signal } : {}) })).blob(),
    /** Called once the session ended because the refresh failed. */
    setSessionEndedHandler(handler: () => void) {
      onSessionEnded = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
