import deLabels from '@bpw/domain/labels/de-CH.json' with { type: 'json' };
import enLabels from '@bpw/domain/labels/en-US.json' with { type: 'json' };
import frLabels from '@bpw/domain/labels/fr-CH.json' with { type: 'json' };
import itLabels from '@bpw/domain/labels/it-CH.json' with { type: 'json' };
import deMessages from '@bpw/domain/messages/de-CH.json' with { type: 'json' };
import enMessages from '@bpw/domain/messages/en-US.json' with { type: 'json' };
import frMessages from '@bpw/domain/messages/fr-CH.json' with { type: 'json' };
import itMessages from '@bpw/domain/messages/it-CH.json' with { type: 'json' };
import { type Locale, defaultLocale, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';

type Tree = { [key: string]: string | Tree };
// Enum labels and the messages of errors, validation and fields: shared with the web app.
const catalogs: Record<Locale, Tree> = {
  'de-CH': { ...deLabels, ...deMessages },
  'fr-CH': { ...frLabels, ...frMessages },
  'it-CH': { ...itLabels, ...itMessages },
  'en-US': { ...enLabels, ...enMessages },
};

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a key with i18next-style {{name}} placeholders; falls back to de-CH, then the key. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogs[locale], key) ?? lookup(catalogs[defaultLocale], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    // A field name is itself a key: show its label ("Lastname must not be empty.").
    if (name === 'field') return lookup(catalogs[locale], `field.${value}`) ?? String(value);
    return String(value);
  });
}

export function hasTranslation(locale: Locale, key: string): boolean {
  return lookup(catalogs[locale], key) !== undefined;
}

/** Picks the best of our four locales from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = tag.slice(0, 2);
    if (languageCodeEnum.is(language)) return localeOfLanguage[language];
  }
  return undefined;
}
