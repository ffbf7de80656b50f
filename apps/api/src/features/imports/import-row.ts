import {
  type AddressGroup,
  type AddressImportField,
  type ImportField,
  importEnums,
  readCountry,
  readImportDate,
  readYesNo,
} from '@bpw/domain/import-fields';
import type { Message } from '../../platform/errors';

/** A mapped column: where it is in the row, its header (for messages) and its field. */
export type MappedColumn = { index: number; header: string; field: ImportField };

export type ClubRef = { id: string; name: string };
/** Clubs by their name as `clubKey` makes it (lower case, single spaces). */
export type ClubDirectory = ReadonlyMap<string, ClubRef>;
export const clubKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export type PersonValues = {
  salutation?: number;
  title?: number;
  firstname?: string;
  lastname?: string;
  birthday?: string;
  languageCode?: string;
  spokenLanguages?: string[];
  countryCode?: string;
  employmentType?: number;
  bpwCourier?: number;
  advertising?: number;
  isProfilePublic?: boolean;
  isCoach?: boolean;
};
export type AddressValues = Partial<Record<AddressImportField, string>>;
export type MembershipValues = {
  clubName: string;
  club: ClubRef | undefined;
  type: number | undefined;
  from: string | null;
  to: string | null | undefined;
};

/** A row read through the mapping: values as they will be stored, and what could not be read. */
export type ParsedRow = {
  person: PersonValues;
  addresses: Partial<Record<AddressGroup, AddressValues>>;
  membership: MembershipValues | null;
  errors: Message[];
};

const invalid = (column: MappedColumn, value: string): Message => ({
  key: 'import.row.invalidValue',
  params: { column: column.header, value: value.length > 60 ? `${value.slice(0, 60)}…` : value },
});

type EnumField = 'salutation' | 'title' | 'employmentType' | 'bpwCourier' | 'advertising';
const enumFields = new Set<string>(['salutation', 'title', 'employmentType', 'bpwCourier', 'advertising']);

/**
 * Reads one row (issue 16): an empty cell gives no value (the stored one stays); enums as the
 * spec's numbers or labels in de, fr, it, en; dates as the date input reads them or ISO; yes/no
 * in the four languages; countries as codes or names.
 */
export function parseRow(
  cells: readonly string[],
  columns: readonly MappedColumn[],
  context: { today: string; clubs: ClubDirectory },
): ParsedRow {
  const row: ParsedRow = { person: {}, addresses: {}, membership: null, errors: [] };
  const membership: Partial<MembershipValues> = {};
  for (const column of columns) {
    const text = (cells[column.index] ?? '').trim();
    if (text === '') continue;
    const fail = () => row.errors.push(invalid(column, text));
    const field = column.field;
    if (field.includes('.')) {
      const [group, key] = field.split('.') as [AddressGroup, AddressImportField];
      const values = (row.addresses[group] ??= {});
      if (key === 'country') {
        const code = readCountry(text);
        if (code) values.country = code;
        else fail();
      } else values[key] = text;
      continue;
    }
    switch (field) {
      case 'firstname':
      case 'lastname':
        row.person[field] = text;
        break;
      case 'birthday': {
        const date = readImportDate(text, context.today);
        if (date) row.person.birthday = date;
        else fail();
        break;
      }
      case 'languageCode': {
        const code = importEnums.languageCode(text);
        if (code) row.person.languageCode = code;
        else fail();
        break;
      }
      case 'spokenLanguages': {
        const codes = text
          .split(/[,;/|]/)
          .map((t) => t.trim())
          .filter(Boolean)
          .map((t) => importEnums.languageCode(t));
        if (codes.every((c) => c !== undefined)) row.person.spokenLanguages = [...new Set(codes)].sort();
        else fail();
        break;
      }
      case 'countryCode': {
        const code = readCountry(text);
        if (code) row.person.countryCode = code;
        else fail();
        break;
      }
      case 'isProfilePublic':
      case 'isCoach': {
        const flag = readYesNo(text);
        if (flag === undefined) fail();
        else row.person[field] = flag;
        break;
      }
      case 'club':
        membership.clubName = text;
        membership.club = context.clubs.get(clubKey(text));
        break;
      case 'membershipType': {
        const type = importEnums.membershipType(text);
        if (type === undefined) fail();
        else membership.type = type;
        break;
      }
      case 'membershipFrom':
      case 'membershipTo': {
        const date = readImportDate(text, context.today);
        if (!date) fail();
        else if (field === 'membershipFrom') membership.from = date;
        else membership.to = date;
        break;
      }
      default:
        if (enumFields.has(field)) {
          const value = importEnums[field as EnumField](text);
          if (value === undefined) fail();
          else row.person[field as EnumField] = value;
        }
    }
  }
  if (membership.clubName !== undefined || membership.type !== undefined) {
    row.membership = {
      clubName: membership.clubName ?? '',
      club: membership.club,
      type: membership.type,
      from: membership.from ?? null,
      to: membership.to,
    };
  }
  return row;
}

/** The e-mails of a row (matching), lower case, without repeats. */
export const rowEmails = (row: ParsedRow) => [
  ...new Set(
    Object.values(row.addresses)
      .map((a) => a?.email?.toLowerCase())
      .filter((e): e is string => Boolean(e)),
  ),
];
