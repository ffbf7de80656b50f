import { useSyncExternalStore } from 'react';
import type { LanguageCode } from './locale';

/** The signed-in person as the shell shows her: the spec's `loggedInPerson` (spec 01 §3). */
export interface SessionPerson {
  id: string;
  firstname: string | null;
  lastname: string;
  languageCode: LanguageCode;
  avatarId: string | null;
  primaryClub: { id: string; name: string } | null;
}

/**
 * The user state kept in localStorage under `bpw.auth` (spec 01 §9, persistence): the tokens and
 * the signed-in person, so a reload shows her name and language at once. The locale has its own
 * key (`bpw.locale`); notifications, snackbars and the refresh flag stay in memory.
 */
export interface AuthTokens {
  token: string;
  refreshToken: string;
  personId: string;
  /** The last loaded state of the signed-in person; reloaded on every app start. */
  person?: SessionPerson;
}

export interface AuthStore {
  get(): AuthTokens | null;
  set(tokens: AuthTokens): void;
  /** Keeps the signed-in person beside the tokens; ignored for anyone else or when signed out. */
  setPerson(person: SessionPerson): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export const AUTH_STORAGE_KEY = 'bpw.auth';

const languageCodes: readonly unknown[] = ['de', 'fr', 'it', 'en'] satisfies LanguageCode[];
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

/** Only the fields of SessionPerson, so a larger person record never lands in the storage. */
export function toSessionPerson(person: SessionPerson): SessionPerson {
  const { id, firstname, lastname, languageCode, avatarId, primaryClub } = person;
  return {
    id,
    firstname,
    lastname,
    languageCode,
    avatarId,
    primaryClub: primaryClub ? { id: primaryClub.id, name: primaryClub.name } : null,
  };
}

function parsePerson(value: unknown, personId: string): SessionPerson | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const person = value as Record<string, unknown>;
  const club = person.primaryClub as Record<string, unknown> | null | undefined;
  const isClubValid = club === null || (typeof club?.id === 'string' && typeof club.name === 'string');
  const isValid =
    person.id === personId &&
    isNullableString(person.firstname) &&
    typeof person.lastname === 'string' &&
    languageCodes.includes(person.languageCode) &&
    isNullableString(person.avatarId) &&
    isClubValid;
  return isValid ? toSessionPerson(person as unknown as SessionPerson) : undefined;
}

function parseTokens(raw: string | null): AuthTokens | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof AuthTokens, unknown>>;
    if (
      typeof value.token === 'string' &&
      typeof value.refreshToken === 'string' &&
      typeof value.personId === 'string'
    ) {
      const tokens: AuthTokens = { token: value.token, refreshToken: value.refreshToken, personId: value.personId };
      // A damaged person is dropped; the session itself stays.
      const person = parsePerson(value.person, value.personId);
      return person ? { ...tokens, person } : tokens;
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

  const get = () => {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parseTokens(raw);
    }
    return cached;
  };
  const set = (tokens: AuthTokens) => {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(tokens));
    notify();
  };

  return {
    get,
    set,
    setPerson(person) {
      const current = get();
      if (!current || current.personId !== person.id) return;
      const next = { ...current, person: toSessionPerson(person) };
      if (JSON.stringify(next) !== JSON.stringify(current)) set(next);
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
