import type { Locale } from '../lib/locale';

/**
 * Each feature keeps its own texts in `features/<name>/i18n/<locale>.json` (a large feature may also
 * keep them per part, `features/<name>/<part>/i18n/<locale>.json`), one top-level key per file set
 * (e.g. `{ "personList": { ... } }`), so features and their parts grow their texts independently.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../features/**/i18n/*.json', { eager: true });

export function featureMessages(locale: Locale): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [path, module] of Object.entries(modules)) {
    if (path.endsWith(`/${locale}.json`)) Object.assign(merged, module.default);
  }
  return merged;
}

/** Every feature file by feature and locale, for the test that compares their keys. */
export function featureMessageFiles(): Record<string, Partial<Record<Locale, Record<string, unknown>>>> {
  const files: Record<string, Partial<Record<Locale, Record<string, unknown>>>> = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /features\/(.+)\/i18n\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, feature, locale] = match as unknown as [string, string, Locale];
    (files[feature] ??= {})[locale] = module.default;
  }
  return files;
}
