import { z } from 'zod';
import { ValidationCode } from '../validation';
import { personDetailSchema } from './person';
import { type QueryInput, pagedSchema, queryInteger, queryList, uuidValue } from './query-params';

/**
 * Issue 16 "Duplicates and merge" (docs/decisions/duplicates.md): the list of likely duplicate
 * pairs, "not a duplicate", the side-by-side comparison and the merge.
 */

/** Why two persons are listed together, strongest first. */
export const DuplicateReason = {
  sameEmail: 1,
  sameNameAndBirthday: 2,
  similarNameSameZip: 3,
  similarNameSamePhone: 4,
} as const;
export type DuplicateReason = (typeof DuplicateReason)[keyof typeof DuplicateReason];
export const duplicateReasonValues = Object.values(DuplicateReason) as DuplicateReason[];
/** The reasons stored as bits (1 << (reason - 1)), read back as the list of reasons. */
export const reasonsOfBits = (bits: number): DuplicateReason[] =>
  duplicateReasonValues.filter((reason) => (bits & (1 << (reason - 1))) !== 0);

// --- GET duplicate ------------------------------------------------------------------------------
/** The list pages on the server, 20 a page by default, at most 100 (never "all"). */
export const DUPLICATE_MAX_PAGE_SIZE = 100;
export const duplicateListQuerySchema = z.object({
  Page: queryInteger({ max: 100_000 }).default(0),
  PerPage: queryInteger()
    .pipe(
      z
        .number()
        .min(1, { error: ValidationCode.perPageRange })
        .max(DUPLICATE_MAX_PAGE_SIZE, { error: ValidationCode.perPageRange }),
    )
    .default(20),
});
export type DuplicateListQuery = QueryInput<typeof duplicateListQuerySchema>;

const duplicatePersonSchema = z.object({
  id: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  primaryClubName: z.string().nullable(),
  state: z.number().int(),
});
export type DuplicatePerson = z.infer<typeof duplicatePersonSchema>;

export const duplicatePairSchema = z.object({
  person1: duplicatePersonSchema,
  person2: duplicatePersonSchema,
  reasons: z.array(z.number().int()),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;
/** isTotalEstimated: more than 10,000 pairs, `total` is the database's estimate (the list says "about"). */
export const duplicateListSchema = pagedSchema(duplicatePairSchema).extend({ isTotalEstimated: z.boolean() });
export type DuplicateList = z.infer<typeof duplicateListSchema>;

// --- POST duplicate/dismissal -------------------------------------------------------------------
const twoPersons = z
  .array(uuidValue(), { error: ValidationCode.required })
  .length(2, { error: ValidationCode.invalid })
  .refine(([a, b]) => a !== b, { error: ValidationCode.invalid });

export const duplicateDismissalBodySchema = z.object({ personIds: twoPersons });
export type DuplicateDismissalBody = z.infer<typeof duplicateDismissalBodySchema>;

// --- GET duplicate/comparison -------------------------------------------------------------------
export const duplicateComparisonQuerySchema = z.object({
  PersonIds: queryList(uuidValue()).pipe(twoPersons),
});

const comparisonSideSchema = z.object({
  person: personDetailSchema,
  /** The sign-in name, null without an account. */
  username: z.string().nullable(),
  /** What a merge would move from this person to the other. */
  counts: z.object({
    addresses: z.number().int(),
    clubRelations: z.number().int(),
    registrations: z.number().int(),
    notifications: z.number().int(),
    subscriptions: z.number().int(),
  }),
});
export const duplicateComparisonSchema = z.object({
  persons: z.array(comparisonSideSchema),
  /** Events both are registered for: the merged-away person's registration there is withdrawn. */
  sharedEvents: z.number().int(),
});
export type DuplicateComparison = z.infer<typeof duplicateComparisonSchema>;

// --- POST duplicate/merge -----------------------------------------------------------------------
/** The person fields chosen one by one; everything else is moved or joined (see the decision). */
export const mergeFields = [
  'salutation',
  'title',
  'firstname',
  'lastname',
  'birthday',
  'languageCode',
  'countryCode',
  'isProfilePublic',
  'isPresentationDone',
  'isCoach',
  'employmentType',
  'bpwCourier',
  'advertising',
  'coach1',
  'coach2',
  'primaryClubId',
  'avatarId',
] as const;
export type MergeField = (typeof mergeFields)[number];
const side = z.enum(['survivor', 'merged'], { error: ValidationCode.invalid });
export type MergeSide = z.infer<typeof side>;

export const mergeBodySchema = z
  .object({
    survivorId: uuidValue(),
    mergedId: uuidValue(),
    /** Per field, whose value the survivor keeps; a field left out keeps the survivor's. */
    fields: z
      .object(
        Object.fromEntries(mergeFields.map((field) => [field, side.optional()])) as Record<
          MergeField,
          z.ZodOptional<typeof side>
        >,
      )
      .default({}),
  })
  .refine((body) => body.survivorId !== body.mergedId, { error: ValidationCode.invalid, path: ['mergedId'] });
export type MergeBody = z.input<typeof mergeBodySchema>;
export type MergeData = z.output<typeof mergeBodySchema>;

export const mergeResultSchema = z.object({ survivorId: z.string() });
export type MergeResult = z.infer<typeof mergeResultSchema>;
