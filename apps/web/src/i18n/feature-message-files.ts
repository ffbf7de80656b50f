import type { Locale } from '../lib/locale';

/**
 * Each feature keeps its own texts in `features/<name>/i18n/<locale>.json` (a large feature may also
 * keep them per part, `features/<name>/<part>/i18n/<locale>.json`), one top-level key per file set
 * (e.g. `{ "personList": { ... } }`), so features and their parts grow their texts independently.
 * Shared components do the same in `components/<name>/i18n/<locale>.json`.
 * The app loads them per locale (`bundles/<locale>.ts`); this module is for the test that
 * compares their keys.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../features/**/i18n/*.json', '../components/**/i18n/*.json'],
  { eager: true },
);

/** Every feature file by feature and locale. */
export function featureMessageFiles(): Record<string, Partial<Record<Locale, Record<string, unknown>>>> {
  const files: Record<string, Partial<Record<Locale, Record<string, unknown>>>> = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /((?:features|components)\/.+)\/i18n\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, feature, locale] = match as unknown as [string, string, Locale];
    (files[feature] ??= {})[locale] = module.default;
  }
  return files;
}
