import { z } from 'zod';
import { clubTypeValues } from '../enums/club-type';
import { ValidationCode, requiredText } from '../validation';
import { pagedSchema, pagingQuery, queryList, sortQuery } from './query-params';

/** Clubs, spec 01 §3 "Club" and §7 "Clubs". */
const c = ValidationCode;

export const clubSchema = z.object({ id: z.string(), name: z.string(), clubType: z.number().int() });
export type Club = z.infer<typeof clubSchema>;

export const clubListSchema = pagedSchema(clubSchema);
export type ClubList = z.infer<typeof clubListSchema>;

export const clubSortKeys = ['name', 'clubType'] as const;
export type ClubSortKey = (typeof clubSortKeys)[number];

/**
 * GET club and GET club-public. Without PerPage the whole list comes back (the club pickers call
 * it with only SortBy/SortDesc, spec 01 §7); the default sort is name ascending (spec 01 §9).
 */
export const clubListQuerySchema = z.object({
  ...sortQuery(clubSortKeys),
  ...pagingQuery(0),
  /** Part of the name, case-insensitive. */
  Name: z.string().trim().max(200, { error: c.tooLong }).optional(),
});
export type ClubListQuery = z.infer<typeof clubListQuerySchema>;

/** Spec 01 §5 "Club form": name required, club type required and a known key. */
export const clubBodySchema = z.object({
  name: requiredText(200),
  clubType: z.literal(clubTypeValues, {
    error: (issue) => (issue.input === undefined || issue.input === null ? c.required : c.invalid),
  }),
});
export type ClubBody = z.infer<typeof clubBodySchema>;

/** A club list as the person filters and the export take it: `Clubs=a&Clubs=b`. */
export const clubIdsQuery = () => queryList(z.uuid({ error: c.invalid }));
