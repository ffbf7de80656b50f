import { formatDateInput } from '@bpw/domain/date-input';
import type { EnumDescriptor, EnumMembers, EnumValue } from '@bpw/domain/enums/enum-helpers';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import {
  advertisingEnum,
  courierTypeEnum,
  employmentTypeEnum,
  salutationEnum,
  titleEnum,
} from '@bpw/domain/enums/person-fields';
import type { MergeField } from '@bpw/domain/schemas/duplicate';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import type { TFunction } from 'i18next';

function label<N extends string, M extends EnumMembers>(
  descriptor: EnumDescriptor<N, M>,
  value: unknown,
  t: TFunction,
) {
  return value === null || value === undefined ? '' : t(descriptor.labelKey(value as EnumValue<M>));
}
const yesNo = (value: boolean | null, t: TFunction) =>
  value === null ? '' : value ? t('duplicates.yes') : t('duplicates.no');
const nameOf = (person: { firstname: string | null; lastname: string } | null) =>
  person ? [person.firstname, person.lastname].filter(Boolean).join(' ') : '';

/**
 * Each field chosen one by one in the merge dialog: what tells two values apart (`key`) and how it
 * reads (`text`). The order is the profile's.
 */
export const mergeFieldViews: Record<
  MergeField,
  { key: (p: PersonDetail) => unknown; text: (p: PersonDetail, t: TFunction) => string; labelKey: string }
> = {
  salutation: {
    key: (p) => p.salutation,
    text: (p, t) => label(salutationEnum, p.salutation, t),
    labelKey: 'field.salutation',
  },
  title: { key: (p) => p.title, text: (p, t) => label(titleEnum, p.title, t), labelKey: 'field.title' },
  firstname: { key: (p) => p.firstname, text: (p) => p.firstname ?? '', labelKey: 'field.firstname' },
  lastname: { key: (p) => p.lastname, text: (p) => p.lastname, labelKey: 'field.lastname' },
  birthday: { key: (p) => p.birthday, text: (p) => formatDateInput(p.birthday), labelKey: 'field.birthday' },
  languageCode: {
    key: (p) => p.languageCode,
    text: (p, t) => label(languageCodeEnum, p.languageCode, t),
    labelKey: 'field.languageCode',
  },
  countryCode: { key: (p) => p.countryCode, text: (p) => p.countryCode ?? '', labelKey: 'field.countryCode' },
  isProfilePublic: {
    key: (p) => p.isProfilePublic,
    text: (p, t) => yesNo(p.isProfilePublic, t),
    labelKey: 'field.isProfilePublic',
  },
  isPresentationDone: {
    key: (p) => p.isPresentationDone,
    text: (p, t) => yesNo(p.isPresentationDone, t),
    labelKey: 'field.isPresentationDone',
  },
  isCoach: { key: (p) => p.isCoach, text: (p, t) => yesNo(p.isCoach, t), labelKey: 'field.isCoach' },
  employmentType: {
    key: (p) => p.employmentType,
    text: (p, t) => label(employmentTypeEnum, p.employmentType, t),
    labelKey: 'field.employmentType',
  },
  bpwCourier: {
    key: (p) => p.bpwCourier,
    text: (p, t) => label(courierTypeEnum, p.bpwCourier, t),
    labelKey: 'field.bpwCourier',
  },
  advertising: {
    key: (p) => p.advertising,
    text: (p, t) => label(advertisingEnum, p.advertising, t),
    labelKey: 'field.advertising',
  },
  coach1: { key: (p) => p.coach1?.id ?? null, text: (p) => nameOf(p.coach1), labelKey: 'field.coach1' },
  coach2: { key: (p) => p.coach2?.id ?? null, text: (p) => nameOf(p.coach2), labelKey: 'field.coach2' },
  primaryClubId: {
    key: (p) => p.primaryClubId,
    text: (p) => p.primaryClub?.name ?? '',
    labelKey: 'duplicates.field.primaryClubId',
  },
  avatarId: {
    key: (p) => p.avatarId,
    text: (p, t) => (p.avatarId ? t('duplicates.picture') : t('duplicates.noPicture')),
    labelKey: 'duplicates.field.avatarId',
  },
};

/** The fields whose values differ between the two persons. */
export const differingFields = (fields: readonly MergeField[], a: PersonDetail, b: PersonDetail) =>
  fields.filter((field) => mergeFieldViews[field].key(a) !== mergeFieldViews[field].key(b));
