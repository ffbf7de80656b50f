import { parseDateInput } from './date-input';
import type { EnumDescriptor, EnumMembers } from './enums/enum-values';
import { languageCodeEnum } from './enums/language';
import { membershipTypeEnum } from './enums/membership-type';
import { advertisingEnum, courierTypeEnum, employmentTypeEnum, salutationEnum, titleEnum } from './enums/person-fields';
import { enumLabel } from './labels/enum-labels';

/**
 * The fields a spreadsheet column can be mapped to (issue 16, docs/decisions/import.md): the
 * person's own fields, three address groups (`address` is the primary address, as the all-data
 * export writes it; `private` and `business` the first address of that type), and one club
 * membership. Pure: the server and the mapping step of the web app use it.
 */
export const personImportFields = [
  'salutation',
  'title',
  'firstname',
  'lastname',
  'birthday',
  'languageCode',
  'spokenLanguages',
  'countryCode',
  'employmentType',
  'bpwCourier',
  'advertising',
  'isProfilePublic',
  'isCoach',
] as const;
export const addressImportFields = [
  'company',
  'companySector',
  'companyRole',
  'address1',
  'address2',
  'street',
  'zip',
  'city',
  'country',
  'email',
  'phone',
  'url',
] as const;
export const addressGroups = ['address', 'private', 'business'] as const;
export const membershipImportFields = ['club', 'membershipType', 'membershipFrom', 'membershipTo'] as const;

export type PersonImportField = (typeof personImportFields)[number];
export type AddressImportField = (typeof addressImportFields)[number];
export type AddressGroup = (typeof addressGroups)[number];
export type ImportField =
  PersonImportField | `${AddressGroup}.${AddressImportField}` | (typeof membershipImportFields)[number];

export const importFields: readonly ImportField[] = [
  ...personImportFields,
  ...addressGroups.flatMap((g) => addressImportFields.map((f) => `${g}.${f}` as const)),
  ...membershipImportFields,
];
export const isImportField = (value: unknown): value is ImportField =>
  typeof value === 'string' && (importFields as readonly string[]).includes(value);

/** The message key of a field's label (shared messages, `import.field.*`). */
export const importFieldLabelKey = (field: ImportField) => `import.field.${field.replace('.', '_')}`;

/** A column mapping: column index (as text) -> field. A field may be named by one column only. */
export type ImportMapping = Record<string, ImportField>;

/** The first field named by two columns, or null. */
export function fieldMappedTwice(mapping: ImportMapping): ImportField | null {
  const seen = new Set<string>();
  for (const field of Object.values(mapping)) {
    if (seen.has(field)) return field;
    seen.add(field);
  }
  return null;
}

/** Lower case, accents folded, only letters and digits: "E-Mail (privat)" -> "emailprivat". */
export const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Proposes a field for each header: an exact match of a known name (field labels and export
 * column headers in de, fr, it and en, and the field keys), each field taken once, left to right.
 */
export function proposeMapping(headers: readonly string[], names: ReadonlyMap<string, ImportField>): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  headers.forEach((header, index) => {
    const field = names.get(normalizeHeader(header));
    if (field && !taken.has(field)) {
      mapping[String(index)] = field;
      taken.add(field);
    }
  });
  return mapping;
}

/** The stable key of a header list, under which a saved mapping is found again. */
export const headerKey = (headers: readonly string[]) => headers.map(normalizeHeader).join('|');

const locales = ['de-CH', 'fr-CH', 'it-CH', 'en-US'] as const;

/** Reads an enum value: the spec's number or a label in any of the four languages. */
export function enumReader<N extends string, M extends EnumMembers>(descriptor: EnumDescriptor<N, M>) {
  const byText = new Map<string, M[keyof M]>();
  // The first reading of a text wins: numbers, then member names, then labels.
  const add = (text: string, value: M[keyof M]) => {
    const key = normalizeHeader(text);
    if (key && !byText.has(key)) byText.set(key, value);
  };
  for (const value of descriptor.values) add(String(value), value);
  for (const value of descriptor.values) add(descriptor.nameOf(value), value);
  for (const locale of locales)
    for (const value of descriptor.values) add(enumLabel(locale, descriptor.labelKey(value)), value);
  return (text: string): M[keyof M] | undefined => byText.get(normalizeHeader(text));
}

export const importEnums = {
  salutation: enumReader(salutationEnum),
  title: enumReader(titleEnum),
  languageCode: enumReader(languageCodeEnum),
  employmentType: enumReader(employmentTypeEnum),
  bpwCourier: enumReader(courierTypeEnum),
  advertising: enumReader(advertisingEnum),
  membershipType: enumReader(membershipTypeEnum),
};

const yes = new Set(['1', 'true', 'yes', 'y', 'ja', 'j', 'oui', 'o', 'si', 'x', 'wahr', 'vrai', 'vero']);
const no = new Set(['0', 'false', 'no', 'n', 'nein', 'non', 'falsch', 'faux', 'falso', '']);

/** Yes/no in the four languages (the export writes "Ja"/"Oui"/"Sì"/"Yes"). */
export function readYesNo(text: string): boolean | undefined {
  const t = normalizeHeader(text);
  if (yes.has(t)) return true;
  if (no.has(t)) return false;
  return undefined;
}

/** A date as the date input reads it (dd.mm.yyyy and friends) or ISO; null when not a date. */
export function readImportDate(text: string, today: string): string | null {
  const trimmed = text.trim();
  // Relative and short forms (+3, 0, 15: "the 15th of this month") mean nothing in a file.
  if (/^[+-]/.test(trimmed) || /^\d{1,4}$/.test(trimmed)) return null;
  return parseDateInput(trimmed, { today }).value;
}

let countriesByName: Map<string, string> | undefined;

/** A country as a code (CH) or its name in any of the four languages (the export writes names). */
export function readCountry(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  if (!countriesByName) {
    countriesByName = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const names = locales.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
    for (const a of letters)
      for (const b of letters) {
        const code = a + b;
        // Retired codes (DD, SU, YU) share their successor's name: only current ones.
        if (new Intl.Locale(`und-${code}`).region !== code) continue;
        for (const n of names) {
          const name = n.of(code);
          if (name && !countriesByName.has(normalizeHeader(name))) countriesByName.set(normalizeHeader(name), code);
        }
      }
  }
  return countriesByName.get(normalizeHeader(trimmed));
}
