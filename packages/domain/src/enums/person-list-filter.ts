// Zod-free (enum-values.ts): the permission rules read it, and they are in the signed-in shell.
import { defineEnumValues, isOneOf, type EnumValue } from './enum-values';

/**
 * Spec 01 §3 "Person list filters", values 0 to 160 (query parameter PersonClubTypes, and the
 * export's personOptions). "current"/"former" refer to club relations active today / ended.
 * Names not in the spec and every value are ours; their meaning is in docs/decisions/enumerations.md.
 */
export const PersonListFilter = {
  currentMember: 0,
  isYoungBpw: 10,
  isBpwPlus: 20,
  interested: 30,
  isCollectiveMember: 40,
  isCompanyMember: 50,
  speaker: 60,
  formerMember: 70,
  currentPresident: 80,
  formerPresident: 90,
  currentBoardMember: 100,
  currentNationalPresident: 110,
  formerNationalPresident: 120,
  currentNationalBoardMember: 130,
  mentorInArea: 140,
  mentorAnyArea: 150,
  isCoach: 160,
} as const;
export type PersonListFilter = EnumValue<typeof PersonListFilter>;

export const personListFilterEnum = defineEnumValues('personListFilter', PersonListFilter);
export const { values: personListFilterValues, labelKey: personListFilterLabelKey } = personListFilterEnum;

const F = PersonListFilter;

/** The only filters a non-admin may choose (spec 01 §2, person list advanced filters). */
export const limitedPersonListFilters = [
  F.currentMember,
  F.isYoungBpw,
  F.isBpwPlus,
  F.interested,
  F.isCollectiveMember,
  F.isCompanyMember,
] as const;
export type LimitedPersonListFilter = (typeof limitedPersonListFilters)[number];
export const isLimitedPersonListFilter = isOneOf(limitedPersonListFilters);
