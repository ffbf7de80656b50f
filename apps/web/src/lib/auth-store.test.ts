import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, createAuthStore, type SessionPerson } from './auth-store';

const tokens = { token: 't', refreshToken: 'r', personId: 'p1' };
const person: SessionPerson = {
  id: 'p1',
  firstname: 'Julia',
  lastname: 'Widmer',
  languageCode: 'de',
  avatarId: null,
  primaryClub: { id: 'c1', name: 'BPW Zürich' },
};

describe('auth store', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the tokens and the signed-in person in localStorage, and only her fields', () => {
    const store = createAuthStore(window.localStorage);
    store.set(tokens);
    store.setPerson({ ...person, addresses: [{ city: 'Zürich' }] } as SessionPerson);

    expect(createAuthStore(window.localStorage).get()).toEqual({ ...tokens, person });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain('addresses');
  });

  it('keeps the person when the tokens rotate and forgets everything on clear', () => {
    const store = createAuthStore(window.localStorage);
    store.set(tokens);
    store.setPerson(person);
    const current = store.get();
    store.set({ ...current!, token: 't2', refreshToken: 'r2' });
    expect(store.get()?.person).toEqual(person);

    store.clear();
    expect(store.get()).toBeNull();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('ignores another person, a signed-out store and an unchanged person', () => {
    const store = createAuthStore(window.localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setPerson(person);
    expect(store.get()).toBeNull();

    store.set(tokens);
    store.setPerson({ ...person, id: 'p2' });
    expect(store.get()?.person).toBeUndefined();
    store.setPerson(person);
    store.setPerson({ ...person });
    expect(listener).toHaveBeenCalledTimes(2); // set and the first setPerson
  });

  it('drops a damaged person but keeps the session', () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ ...tokens, person: { ...person, languageCode: 'xx' } }),
    );
    expect(createAuthStore(window.localStorage).get()).toEqual(tokens);
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...tokens, person: { ...person, id: 'p2' } }));
    expect(createAuthStore(window.localStorage).get()).toEqual(tokens);
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(createAuthStore(window.localStorage).get()).toBeNull();
  });
});
