import i18n from 'i18next';
import { createApiClient } from './api-client';
import { authStore } from '../lib/auth-store';

/** The app's one API client, bound to the browser. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  authStore,
  getLocale: () => i18n.language || 'de-CH',
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
});
