import { useSyncExternalStore } from 'react';

/** The signed-in session as kept in localStorage under `bpw.auth`. */
export interface AuthTokens {
  token: string;
  refreshToken: string;
  personId: string;
}

export interface AuthStore {
  get(): AuthTokens | null;
  set(tokens: AuthTokens): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export const AUTH_STORAGE_KEY = 'bpw.auth';

function parseTokens(raw: string | null): AuthTokens | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthTokens>;
    if (
      typeof value.token === 'string' &&
      typeof value.refreshToken === 'string' &&
      typeof value.personId === 'string'
    ) {
      return { token: value.token, refreshToken: value.refreshToken, personId: value.personId };
    }
  } catch {
    // A damaged entry counts as signed out.
  }
  return null;
}

/**
 * A tiny external store over a Storage. `get` always reads the storage, so another tab's
 * rotation of the tokens is seen at once (the refresh lock relies on that).
 */
export function createAuthStore(storage: Storage, events?: Pick<Window, 'addEventListener'>): AuthStore {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cached: AuthTokens | null = null;

  const notify = () => listeners.forEach((listener) => listener());
  events?.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) notify();
  });

  return {
    get() {
      const raw = storage.getItem(AUTH_STORAGE_KEY);
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cached = parseTokens(raw);
      }
      return cached;
    },
    set(tokens) {
      storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(tokens));
      notify();
    },
    clear() {
      storage.removeItem(AUTH_STORAGE_KEY);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const authStore = createAuthStore(window.localStorage, window);

/** The current session, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useAuth(): AuthTokens | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
