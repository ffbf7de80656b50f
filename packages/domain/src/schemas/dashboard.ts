import { z } from 'zod';
import { ValidationCode } from '../validation';
import { pagingQuery, queryInteger, queryList, uuidValue } from './query-params';

/** Dashboard: spec 01 §2 "Dashboard", §3 "Membership development", §7 membership-development, birthday-list. */
const c = ValidationCode;

/**
 * GET membership-development. Clubs empty means every club the caller may see (all for admins
 * and the committee, the managed ones for club managers).
 */
export const membershipDevelopmentQuerySchema = z.object({
  Clubs: queryList(uuidValue()),
  GroupBy: z.literal('quarter', { error: c.invalid }).default('quarter'),
  NumberOfBuckets: queryInteger({ max: 40 })
    .pipe(z.number().min(1, { error: c.invalid }))
    .default(4),
});
export type MembershipDevelopmentQuery = z.infer<typeof membershipDevelopmentQuerySchema>;

/** One quarter: bucketNumber 0 is the oldest, bucketLabel e.g. "Q3 2026", quantity the head count. */
export const developmentBucketSchema = z.object({
  bucketNumber: z.number().int(),
  bucketLabel: z.string(),
  quantity: z.number().int(),
});
export type DevelopmentBucket = z.infer<typeof developmentBucketSchema>;

export const membershipDevelopmentSchema = z.object({
  entriesInterested: z.array(developmentBucketSchema),
  entriesSingle: z.array(developmentBucketSchema),
  entriesYoung: z.array(developmentBucketSchema),
});
export type MembershipDevelopment = z.infer<typeof membershipDevelopmentSchema>;

/**
 * GET person/birthday-list: persons of these clubs (same visibility as the dashboard), a page at
 * a time (issue 24: a club of a million answered 76,499 birthdays at once). PerPage 0 is refused:
 * no request returns every birthday.
 */
export const BIRTHDAY_LIST_PAGE_SIZE = 10;
const birthdayPaging = pagingQuery(BIRTHDAY_LIST_PAGE_SIZE);
export const birthdayListQuerySchema = z.object({
  Clubs: queryList(uuidValue()),
  Page: birthdayPaging.Page,
  PerPage: birthdayPaging.PerPage.pipe(z.number().min(1, { error: c.invalid }).max(100, { error: c.invalid })),
});
export type BirthdayListQuery = z.infer<typeof birthdayListQuerySchema>;

export const birthdayListItemSchema = z.object({
  id: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  avatarId: z.string().nullable(),
  primaryClub: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The stored birth date, YYYY-MM-DD. */
  birthday: z.string(),
  /** The coming birthday (today included), YYYY-MM-DD; 29 February falls on 28 February in common years. */
  nextBirthday: z.string(),
  /** The age she turns on nextBirthday (the chip; highlighted when a multiple of 10). */
  age: z.number().int(),
});
export type BirthdayListItem = z.infer<typeof birthdayListItemSchema>;
/** `total` is exact up to 10,000; above it is the planner's estimate and `isTotalEstimated` says so. */
export const birthdayListSchema = z.object({
  items: z.array(birthdayListItemSchema),
  total: z.number().int(),
  isTotalEstimated: z.boolean(),
});
export type BirthdayList = z.infer<typeof birthdayListSchema>;
