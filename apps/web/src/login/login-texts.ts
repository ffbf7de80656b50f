import { createContext, useContext } from 'react';
import type { LoginTextKey, LoginTexts } from './login-text-keys';
import type { Locale } from '../lib/locale';

// One module per locale, picked from the SPA's texts at build time (vite-login-texts.ts).
const loaders: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  'de-CH': () => import('virtual:login-texts/de-CH'),
  'fr-CH': () => import('virtual:login-texts/fr-CH'),
  'it-CH': () => import('virtual:login-texts/it-CH'),
  'en-US': () => import('virtual:login-texts/en-US'),
};

export async function loadLoginTexts(locale: Locale): Promise<LoginTexts> {
  return (await loaders[locale]()).default as LoginTexts;
}

/** Fills `{{name}}` placeholders, as i18next does in the SPA (no escaping: React escapes). */
export function fillIn(text: string, values: Record<string, string> = {}): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

export type Translate = (key: LoginTextKey, values?: Record<string, string>) => string;

export const TextsContext = createContext<Translate>((key) => key);

export function useTexts(): Translate {
  return useContext(TextsContext);
}
