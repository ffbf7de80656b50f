import { formatDateInput } from '@bpw/domain/date-input';
import { languageCodeEnum, type Locale } from '@bpw/domain/enums/language';
import { membershipTypeEnum } from '@bpw/domain/enums/membership-type';
import {
  advertisingEnum,
  courierTypeEnum,
  employmentTypeEnum,
  salutationEnum,
  titleEnum,
} from '@bpw/domain/enums/person-fields';
import type { EnumDescriptor, EnumMembers } from '@bpw/domain/enums/enum-values';
import type { ImportField } from '@bpw/domain/import-fields';
import { translate } from '../../platform/i18n';
import type { ParsedRow } from './import-row';

const label = <N extends string, M extends EnumMembers>(locale: Locale, e: EnumDescriptor<N, M>, value: unknown) =>
  e.is(value) ? translate(locale, e.labelKey(value)) : String(value);

/** A row's values as they will be stored, in the reader's language (the preview shows them). */
export function displayValues(row: ParsedRow, locale: Locale): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {};
  const p = row.person;
  const yesNo = (v: boolean) => translate(locale, v ? 'export.yes' : 'export.no');
  if (p.salutation !== undefined) out.salutation = label(locale, salutationEnum, p.salutation);
  if (p.title !== undefined) out.title = label(locale, titleEnum, p.title);
  if (p.firstname !== undefined) out.firstname = p.firstname;
  if (p.lastname !== undefined) out.lastname = p.lastname;
  if (p.birthday !== undefined) out.birthday = formatDateInput(p.birthday);
  if (p.languageCode !== undefined) out.languageCode = label(locale, languageCodeEnum, p.languageCode);
  if (p.spokenLanguages !== undefined)
    out.spokenLanguages = p.spokenLanguages.map((l) => label(locale, languageCodeEnum, l)).join(', ');
  if (p.countryCode !== undefined) out.countryCode = p.countryCode;
  if (p.employmentType !== undefined) out.employmentType = label(locale, employmentTypeEnum, p.employmentType);
  if (p.bpwCourier !== undefined) out.bpwCourier = label(locale, courierTypeEnum, p.bpwCourier);
  if (p.advertising !== undefined) out.advertising = label(locale, advertisingEnum, p.advertising);
  if (p.isProfilePublic !== undefined) out.isProfilePublic = yesNo(p.isProfilePublic);
  if (p.isCoach !== undefined) out.isCoach = yesNo(p.isCoach);
  for (const [group, values] of Object.entries(row.addresses)) {
    for (const [field, value] of Object.entries(values ?? {})) out[`${group}.${field}` as ImportField] = value;
  }
  const m = row.membership;
  if (m) {
    if (m.clubName) out.club = m.club?.name ?? m.clubName;
    if (m.type !== undefined) out.membershipType = label(locale, membershipTypeEnum, m.type);
    if (m.from) out.membershipFrom = formatDateInput(m.from);
    if (m.to) out.membershipTo = formatDateInput(m.to);
  }
  return out;
}
