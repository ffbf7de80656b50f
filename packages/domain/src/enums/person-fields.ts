import { courierTypeEnum } from './courier-type';
import { defineEnum, enumSchema, type EnumValue } from './enum-helpers';

/** Spec 01 §3 "Salutation". */
export const Salutation = { mrs: 0, mr: 10 } as const;
export type Salutation = EnumValue<typeof Salutation>;
export const salutationEnum = defineEnum('salutation', Salutation);
export const { values: salutationValues, schema: salutationSchema, labelKey: salutationLabelKey } = salutationEnum;

/** Spec 01 §3 "Titles". */
export const Title = { dr: 0, prof: 10, ba: 20, bsc: 30, ma: 40, msc: 50 } as const;
export type Title = EnumValue<typeof Title>;
export const titleEnum = defineEnum('title', Title);
export const { values: titleValues, schema: titleSchema, labelKey: titleLabelKey } = titleEnum;

/** Spec 01 §3 "Advertising consent": none, through members, through members and third parties. */
export const Advertising = { none: 0, members: 10, all: 20 } as const;
export type Advertising = EnumValue<typeof Advertising>;
export const advertisingEnum = defineEnum('advertising', Advertising);
export const { values: advertisingValues, schema: advertisingSchema, labelKey: advertisingLabelKey } = advertisingEnum;

/** Spec 01 §3 "Employment type": 0 to 60 in steps of 10, in the spec's order (docs/decisions/enumerations.md). */
export const EmploymentType = {
  freelancer: 0,
  independent: 10,
  employeeOwnCompany: 20,
  employee: 30,
  unemployed: 40,
  retired: 50,
  other: 60,
} as const;
export type EmploymentType = EnumValue<typeof EmploymentType>;
export const employmentTypeEnum = defineEnum('employmentType', EmploymentType);
export const {
  values: employmentTypeValues,
  schema: employmentTypeSchema,
  labelKey: employmentTypeLabelKey,
} = employmentTypeEnum;

// The courier type lives zod-free in courier-type.ts (the persons list reads it, issue 20).
export { CourierType, courierTypeEnum, courierTypeLabelKey, courierTypeValues } from './courier-type';
export const courierTypeSchema = enumSchema(courierTypeEnum);
