import { z } from 'zod';
import { type ImportField, importFields } from '../import-fields';
import { ValidationCode } from '../validation';

/** Spreadsheet import (issue 16, docs/decisions/import.md): the payloads of /imports. */
const c = ValidationCode;

/** The multipart field of POST imports. */
export const importUploadField = 'File';

/** Column index (as text) -> field; unmapped columns are left out. */
export const importMappingSchema = z.record(
  z.string().regex(/^\d{1,4}$/, { error: c.invalid }),
  z.enum(importFields as [ImportField, ...ImportField[]], { error: c.invalid }),
);
export const importMappingBodySchema = z.object({ mapping: importMappingSchema });
export type ImportMappingBody = z.infer<typeof importMappingBodySchema>;

export const importUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().nullable(),
  /** The detected separator: "," ";" or "\t" (CSV only). */
  delimiter: z.string().nullable(),
  headers: z.array(z.string()),
  rowCount: z.number().int(),
  /** The proposed mapping: a saved one for these headers, else one from the header names. */
  mapping: importMappingSchema,
  isMappingSaved: z.boolean(),
  /** The run's job, once started. */
  jobId: z.string().nullable(),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

export const importOutcomes = ['created', 'updated', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importPreviewRowSchema = z.object({
  rowNumber: z.number().int(),
  outcome: z.enum(importOutcomes),
  /** Localised reasons of a refusal. */
  reasons: z.array(z.string()),
  /** The mapped values as they will be stored, by field, in the caller's language. */
  values: z.record(z.string(), z.string()),
});
export const importPreviewSchema = z.object({ items: z.array(importPreviewRowSchema), total: z.number().int() });
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importRunSchema = z.object({ jobId: z.string() });

/** The result of an import job (GET jobs/{id} `result`). */
export const importJobResultSchema = z.object({
  uploadId: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ImportJobResult = z.infer<typeof importJobResultSchema>;
