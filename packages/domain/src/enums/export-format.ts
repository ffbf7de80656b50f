import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 01 §3 "Export formats" (export config's outputFormat). */
export const ExportFormat = { allData: 0, emailList: 10, addressList: 20, badgeList: 30, onlyMainData: 40 } as const;
export type ExportFormat = EnumValue<typeof ExportFormat>;

export const exportFormatEnum = defineEnum('exportFormat', ExportFormat);
export const {
  values: exportFormatValues,
  schema: exportFormatSchema,
  labelKey: exportFormatLabelKey,
} = exportFormatEnum;
