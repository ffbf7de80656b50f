import {
  type ImportField,
  addressImportFields,
  importFieldLabelKey,
  importFields,
  normalizeHeader,
  personImportFields,
} from '@bpw/domain/import-fields';
import deMessages from '@bpw/domain/messages/de-CH.json' with { type: 'json' };
import enMessages from '@bpw/domain/messages/en-US.json' with { type: 'json' };
import frMessages from '@bpw/domain/messages/fr-CH.json' with { type: 'json' };
import itMessages from '@bpw/domain/messages/it-CH.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

/**
 * The header names a column is recognised by (issue 16): each field's label in de, fr, it and en,
 * the all-data export's column headers in the four languages (so an export maps itself), and
 * the field keys themselves. The first name found for a text wins.
 */
function buildNames(): Map<string, ImportField> {
  const names = new Map<string, ImportField>();
  const add = (text: unknown, field: ImportField) => {
    if (typeof text !== 'string') return;
    const key = normalizeHeader(text);
    if (key && !names.has(key)) names.set(key, field);
  };
  const catalogs = [deMessages, frMessages, itMessages, enMessages] as unknown as Tree[];
  for (const catalog of catalogs)
    for (const field of importFields) add(lookup(catalog, importFieldLabelKey(field)), field);
  for (const catalog of catalogs) {
    for (const field of personImportFields) add(lookup(catalog, `export.column.${field}`), field);
    for (const field of addressImportFields) add(lookup(catalog, `export.column.${field}`), `address.${field}`);
  }
  for (const field of importFields) add(field, field);
  return names;
}

export const importHeaderNames: ReadonlyMap<string, ImportField> = buildNames();
