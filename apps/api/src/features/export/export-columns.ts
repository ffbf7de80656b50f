import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import type { EnumDescriptor, EnumMembers } from '@bpw/domain/enums/enum-helpers';
import { entityStateEnum } from '@bpw/domain/enums/entity-state';
import { ExportFormat } from '@bpw/domain/enums/export-format';
import { type Locale, languageCodeEnum } from '@bpw/domain/enums/language';
import { membershipTypeEnum } from '@bpw/domain/enums/membership-type';
import { mainCompetenceText } from '@bpw/domain/main-competence';
import {
  advertisingEnum,
  courierTypeEnum,
  employmentTypeEnum,
  salutationEnum,
  titleEnum,
} from '@bpw/domain/enums/person-fields';
import { translate } from '../../platform/i18n';
import type { XlsxCell } from '../../platform/xlsx/xlsx-writer';
import type { ExportBatchRow } from './export.queries';

/** A person as the export writes her: the batch row, her primary club's name and her club roles. */
export type ExportPerson = ExportBatchRow & {
  primaryClub: string | null;
  /** The relations active today, by club name and type. */
  clubRoles: { clubName: string; type: number }[];
};
export type ExportColumn = { key: string; width: number; value: (p: ExportPerson) => XlsxCell };

/** Column headers (`export.column.<key>`) and enum values in the exporting user's language. */
export function columnsFor(format: ExportFormat, locale: Locale): ExportColumn[] {
  // Every cell of a column repeats a few labels: look each up once per export.
  const translated = new Map<string, string>();
  const t = (key: string) => {
    let text = translated.get(key);
    if (text === undefined) translated.set(key, (text = translate(locale, key)));
    return text;
  };
  // One map per enum: a million rows repeat a few dozen labels.
  const labeler = <N extends string, M extends EnumMembers>(e: EnumDescriptor<N, M>) => {
    const byValue = new Map<unknown, string>();
    return (value: unknown) => {
      if (value === null || value === undefined) return null;
      let text = byValue.get(value);
      if (text === undefined) byValue.set(value, (text = e.is(value) ? t(e.labelKey(value)) : String(value)));
      return text;
    };
  };
  const [salutation, title, language, employment, courier, advertising, competence, state, membership] = [
    labeler(salutationEnum),
    labeler(titleEnum),
    labeler(languageCodeEnum),
    labeler(employmentTypeEnum),
    labeler(courierTypeEnum),
    labeler(advertisingEnum),
    labeler(competenceTopicEnum),
    labeler(entityStateEnum),
    labeler(membershipTypeEnum),
  ];
  const yesNo = (value: boolean) => t(value ? 'export.yes' : 'export.no');
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const countries = new Map<string, string>();
  const countryName = (code: string) => {
    try {
      return regions.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const country = (code: string | null) => {
    if (!code) return null;
    let name = countries.get(code);
    if (name === undefined) countries.set(code, (name = countryName(code)));
    return name;
  };
  const all: Record<string, Omit<ExportColumn, 'key'>> = {
    salutation: { width: 10, value: (p) => salutation(p.salutation) },
    title: { width: 8, value: (p) => title(p.title) },
    firstname: { width: 18, value: (p) => p.firstname },
    lastname: { width: 22, value: (p) => p.lastname },
    birthday: { width: 12, value: (p) => (p.birthday ? new Date(`${p.birthday}T00:00:00Z`) : null) },
    languageCode: { width: 14, value: (p) => language(p.languageCode) },
    spokenLanguages: { width: 24, value: (p) => (p.spokenLanguages ?? []).map(language).join(', ') },
    countryCode: { width: 14, value: (p) => country(p.countryCode) },
    employmentType: { width: 18, value: (p) => employment(p.employmentType) },
    bpwCourier: { width: 18, value: (p) => courier(p.bpwCourier) },
    advertising: { width: 18, value: (p) => advertising(p.advertising) },
    isProfilePublic: { width: 10, value: (p) => yesNo(p.isProfilePublic) },
    isPresentationDone: {
      width: 10,
      value: (p) => (p.isPresentationDone === null ? null : yesNo(p.isPresentationDone)),
    },
    isCoach: { width: 8, value: (p) => yesNo(p.isCoach) },
    mentoringAreas: { width: 30, value: (p) => (p.mentoringAreas ?? []).map(competence).join(', ') },
    state: { width: 10, value: (p) => state(p.state) },
    primaryClub: { width: 22, value: (p) => p.primaryClub },
    clubs: {
      width: 40,
      value: (p) => p.clubRoles.map((r) => `${r.clubName}: ${membership(r.type)}`).join('; '),
    },
    company: { width: 22, value: (p) => p.company },
    companySector: { width: 18, value: (p) => p.companySector },
    companyRole: { width: 18, value: (p) => p.companyRole },
    // A topic's number (older and demo data) is that topic's label, as on the person page.
    mainCompetence: { width: 22, value: (p) => mainCompetenceText(p.mainCompetence, t) },
    address1: { width: 22, value: (p) => p.address1 },
    address2: { width: 22, value: (p) => p.address2 },
    street: { width: 22, value: (p) => p.street },
    zip: { width: 8, value: (p) => p.zip },
    city: { width: 16, value: (p) => p.city },
    country: { width: 14, value: (p) => country(p.country) },
    email: { width: 28, value: (p) => p.email },
    phone: { width: 18, value: (p) => p.phone },
    url: { width: 28, value: (p) => p.url },
  };
  return columnKeys[format].map((key) => ({ key, ...all[key]! }));
}

const address = ['company', 'address1', 'address2', 'street', 'zip', 'city', 'country'];
const columnKeys: Record<ExportFormat, string[]> = {
  [ExportFormat.allData]: [
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
    'isPresentationDone',
    'isCoach',
    'mentoringAreas',
    'state',
    'primaryClub',
    'clubs',
    ...address.slice(0, 1),
    'companySector',
    'companyRole',
    'mainCompetence',
    ...address.slice(1),
    'email',
    'phone',
    'url',
  ],
  [ExportFormat.emailList]: ['firstname', 'lastname', 'email', 'languageCode', 'primaryClub'],
  [ExportFormat.addressList]: [
    'salutation',
    'title',
    'firstname',
    'lastname',
    ...address,
    'bpwCourier',
    'languageCode',
  ],
  [ExportFormat.badgeList]: ['firstname', 'lastname', 'primaryClub', 'company', 'companyRole'],
  [ExportFormat.onlyMainData]: [
    'salutation',
    'title',
    'firstname',
    'lastname',
    'primaryClub',
    'clubs',
    'languageCode',
    'email',
  ],
};

/** The columns of each format, by key (tests and docs). */
export const exportColumnKeys: Readonly<Record<ExportFormat, readonly string[]>> = columnKeys;
