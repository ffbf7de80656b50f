import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 01 §3 "Club type". */
export const ClubType = { regional: 0, national: 10, continental: 20, worldwide: 30 } as const;
export type ClubType = EnumValue<typeof ClubType>;

export const clubTypeEnum = defineEnum('clubType', ClubType);
export const { values: clubTypeValues, schema: clubTypeSchema, labelKey: clubTypeLabelKey } = clubTypeEnum;
