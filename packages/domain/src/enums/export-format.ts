// Zod-free, like membership-type.ts and roles.ts: the permission rules read it (enum-values.ts).
import { defineEnumValues, type EnumValue } from './enum-values';

/** Spec 01 §3 "Export formats" (export config's outputFormat). */
export const ExportFormat = { allData: 0, emailList: 10, addressList: 20, badgeList: 30, onlyMainData: 40 } as const;
export type ExportFormat = EnumValue<typeof ExportFormat>;

export const exportFormatEnum = defineEnumValues('exportFormat', ExportFormat);
export const { values: exportFormatValues, labelKey: exportFormatLabelKey } = exportFormatEnum;
