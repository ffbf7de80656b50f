import type { Locale } from '../enums/language';
import deCH from './de-CH.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };
import frCH from './fr-CH.json' with { type: 'json' };
import itCH from './it-CH.json' with { type: 'json' };

/** The enum labels of one locale: `enum.<enum name>.<member name>` -> text. */
export type EnumLabelTree = { readonly enum: Readonly<Record<string, Readonly<Record<string, string>>>> };

/** The label files by UI locale. The web app merges them into i18next's default namespace. */
export const enumLabels = {
  'de-CH': deCH,
  'fr-CH': frCH,
  'it-CH': itCH,
  'en-US': enUS,
} as const satisfies Record<Locale, EnumLabelTree>;

/**
 * The label of a key from an enum's `labelKey` (for server-side texts: exports, mails), falling
 * back to de-CH and then to the key itself, as i18next does in the web app.
 */
export function enumLabel(locale: Locale, key: string): string {
  return lookup(enumLabels[locale], key) ?? lookup(enumLabels['de-CH'], key) ?? key;
}

function lookup(tree: EnumLabelTree, key: string): string | undefined {
  const [root, group, member, ...rest] = key.split('.');
  if (root !== 'enum' || group === undefined || member === undefined || rest.length > 0) return undefined;
  const labels: Readonly<Record<string, string>> | undefined = Object.hasOwn(tree.enum, group)
    ? tree.enum[group]
    : undefined;
  return labels !== undefined && Object.hasOwn(labels, member) ? labels[member] : undefined;
}
