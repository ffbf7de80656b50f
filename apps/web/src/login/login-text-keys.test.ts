import { describe, expect, it } from 'vitest';
import messagesDe from '@bpw/domain/messages/de-CH.json';
import messagesEn from '@bpw/domain/messages/en-US.json';
import messagesFr from '@bpw/domain/messages/fr-CH.json';
import messagesIt from '@bpw/domain/messages/it-CH.json';
import { fillIn, loadLoginTexts } from './login-texts';
import { loginTextKeys, pickLoginTexts } from './login-text-keys';
import spaDe from '../i18n/bundles/de-CH';
import spaEn from '../i18n/bundles/en-US';
import spaFr from '../i18n/bundles/fr-CH';
import spaIt from '../i18n/bundles/it-CH';
import commonDe from '../i18n/de-CH.json';
import commonEn from '../i18n/en-US.json';
import commonFr from '../i18n/fr-CH.json';
import commonIt from '../i18n/it-CH.json';

// What the build plugin (vite-login-texts.ts) reads for each locale, beside the SPA's bundle.
const locales = [
  ['de-CH', [commonDe, messagesDe], spaDe],
  ['fr-CH', [commonFr, messagesFr], spaFr],
  ['it-CH', [commonIt, messagesIt], spaIt],
  ['en-US', [commonEn, messagesEn], spaEn],
] as const;

const inSpa = (bundle: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], bundle);

describe('the login page texts', () => {
  it.each(locales)('%s: every key, the same text as the SPA shows', (_locale, sources, spa) => {
    const texts = pickLoginTexts(sources);
    expect(Object.keys(texts).sort()).toEqual([...loginTextKeys].sort());
    for (const key of loginTextKeys) {
      expect(texts[key].trim(), key).not.toBe('');
      expect(texts[key], key).toBe(inSpa(spa, key));
    }
  });

  it('are what the page loads, one module per locale', async () => {
    const [texts, [, sources]] = [await loadLoginTexts('fr-CH'), locales[1]];
    expect(texts).toEqual(pickLoginTexts(sources));
  });

  it('refuses to build without a text', () => {
    expect(() => pickLoginTexts([{ app: { title: 'BPW' } }])).toThrow(/missing/);
  });

  it('fills in placeholders as i18next does', () => {
    expect(fillIn('{{field}} darf nicht leer sein.', { field: 'E-Mail' })).toBe('E-Mail darf nicht leer sein.');
    expect(fillIn('An {{ email }} senden?', { email: 'a@b.ch' })).toBe('An a@b.ch senden?');
    expect(fillIn('{{other}}')).toBe('{{other}}');
  });
});
