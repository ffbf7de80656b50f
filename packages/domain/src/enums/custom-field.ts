import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 02 §3 "Custom field types" (field eventCustomFieldType; the create payload calls it type). */
export const CustomFieldType = { string: 1, date: 2, email: 3, number: 4, boolean: 5, option: 6 } as const;
export type CustomFieldType = EnumValue<typeof CustomFieldType>;
export const customFieldTypeEnum = defineEnum('customFieldType', CustomFieldType);
export const {
  values: customFieldTypeValues,
  schema: customFieldTypeSchema,
  labelKey: customFieldTypeLabelKey,
} = customFieldTypeEnum;

/** Spec 02 §3 "Custom field modes" (eventCustomFieldModeMember and eventCustomFieldModeGuest). */
export const CustomFieldMode = { hidden: 1, optional: 2, required: 3 } as const;
export type CustomFieldMode = EnumValue<typeof CustomFieldMode>;
export const customFieldModeEnum = defineEnum('customFieldMode', CustomFieldMode);
export const {
  values: customFieldModeValues,
  schema: customFieldModeSchema,
  labelKey: customFieldModeLabelKey,
} = customFieldModeEnum;
