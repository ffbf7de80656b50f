import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 01 §3 "Address type". */
export const AddressType = { private: 0, business: 10 } as const;
export type AddressType = EnumValue<typeof AddressType>;
export const addressTypeEnum = defineEnum('addressType', AddressType);
export const { values: addressTypeValues, schema: addressTypeSchema, labelKey: addressTypeLabelKey } = addressTypeEnum;

/**
 * Spec 01 §3: "A phone entry is landline, direct, mobile, fax or other". Values are ours
 * (docs/decisions/enumerations.md).
 */
export const PhoneType = { landline: 0, direct: 10, mobile: 20, fax: 30, other: 40 } as const;
export type PhoneType = EnumValue<typeof PhoneType>;
export const phoneTypeEnum = defineEnum('phoneType', PhoneType);
export const { values: phoneTypeValues, schema: phoneTypeSchema, labelKey: phoneTypeLabelKey } = phoneTypeEnum;

/** Spec 01 §3: "A URL entry is website, socialMedia or other". Values are ours (docs/decisions/enumerations.md). */
export const UrlType = { website: 0, socialMedia: 10, other: 20 } as const;
export type UrlType = EnumValue<typeof UrlType>;
export const urlTypeEnum = defineEnum('urlType', UrlType);
export const { values: urlTypeValues, schema: urlTypeSchema, labelKey: urlTypeLabelKey } = urlTypeEnum;
