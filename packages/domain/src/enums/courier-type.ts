// Zod-free (enum-values.ts): the persons list keeps its filters with it (issue 20). Its schema is
// courierTypeSchema of person-fields.ts.
import { defineEnumValues, type EnumValue } from './enum-values';

/** Spec 01 §3 "Courier type": how the person receives the BPW courier (field bpwCourier). */
export const CourierType = { printed: 0, digital: 10 } as const;
export type CourierType = EnumValue<typeof CourierType>;
export const courierTypeEnum = defineEnumValues('courierType', CourierType);
export const { values: courierTypeValues, labelKey: courierTypeLabelKey } = courierTypeEnum;
