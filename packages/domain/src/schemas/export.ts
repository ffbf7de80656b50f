import { z } from 'zod';
import { competenceTopicEnum } from '../enums/competence';
import { enumQuerySchema } from '../enums/enum-helpers';
import { exportFormatEnum } from '../enums/export-format';
import { languageCodeEnum } from '../enums/language';
import { courierTypeEnum } from '../enums/person-fields';
import { personListFilterEnum } from '../enums/person-list-filter';
import { ValidationCode } from '../validation';
import { type QueryInput, queryList, uuidValue } from './query-params';

/**
 * GET export: spec 01 §3 "Export config" as query parameters. Every list is "any of"; an empty
 * list does not filter. With onlyMainData the person selection is ignored (spec 01 §5).
 */
const c = ValidationCode;

export const exportQuerySchema = z.object({
  OutputFormat: z
    .union([z.string(), z.number()], { error: c.required })
    .refine((v) => v !== '', { error: c.required })
    .pipe(enumQuerySchema(exportFormatEnum)),
  /** Person list filters (PersonListFilter); a person matching any of them is exported. */
  PersonOptions: queryList(enumQuerySchema(personListFilterEnum)),
  /** The areas of the mentorInArea filter (as the person list's PersonMentoringTypes). */
  PersonMentoringTypes: queryList(enumQuerySchema(competenceTopicEnum)),
  /** Persons with a relation active today in one of these clubs; empty: all the caller may export. */
  Clubs: queryList(uuidValue()),
  /** Correspondence languages. */
  LanguageCodes: queryList(languageCodeEnum.querySchema),
  /** How the person receives the BPW courier (CourierType). */
  BpwCourier: queryList(enumQuerySchema(courierTypeEnum)),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
/** What the export page sends: the parameters by their names. */
export type ExportQueryInput = QueryInput<typeof exportQuerySchema>;
