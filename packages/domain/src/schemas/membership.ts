import { z } from 'zod';
import { enumQuerySchema } from '../enums/enum-helpers';
import { membershipTypeEnum, membershipTypeValues, typeWithLabel } from '../enums/membership-type';
import { ValidationCode, isoDate, optionalText } from '../validation';
import { pagedSchema, queryBoolean, queryInteger, queryList, sortQuery } from './query-params';

/**
 * Club memberships: spec 01 §3 "Club-person relation", §5 "Club assignment", §7 "Club memberships".
 * Dates are YYYY-MM-DD; `to` null is open-ended, and `to` must not be before `from`.
 */
const c = ValidationCode;
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? c.required : c.invalid;

/** An optional end date: absent, null and "" are open-ended. */
const toDate = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate().nullable());

const relationFields = {
  id: z.string(),
  personId: z.string(),
  clubId: z.string(),
  type: z.number().int(),
  /** Only for type other (500). */
  membershipTypeLabel: z.string().nullable(),
  from: z.string(),
  to: z.string().nullable(),
};

/** GET person/{id}/club: the person's relations with their club, newest `from` first. */
export const personClubRelationSchema = z.object({
  ...relationFields,
  club: z.object({ id: z.string(), name: z.string(), clubType: z.number().int() }),
});
export type PersonClubRelation = z.infer<typeof personClubRelationSchema>;
export const personClubRelationListSchema = z.array(personClubRelationSchema);

/** GET club/{id}/person: the club's relations with their person. */
export const clubPersonRelationSchema = z.object({
  ...relationFields,
  person: z.object({
    id: z.string(),
    firstname: z.string().nullable(),
    lastname: z.string(),
    avatarId: z.string().nullable(),
  }),
});
export type ClubPersonRelation = z.infer<typeof clubPersonRelationSchema>;
export const clubPersonRelationListSchema = pagedSchema(clubPersonRelationSchema);
export type ClubPersonRelationList = z.infer<typeof clubPersonRelationListSchema>;

/**
 * The two halves of a club page (issue 24): `members` are the member types (0-3), `roles` every
 * other type (board, responsibles, interested, speaker, other).
 */
export const clubPersonGroups = ['members', 'roles'] as const;
export type ClubPersonGroup = (typeof clubPersonGroups)[number];
/** `name`: lastname, then firstname (the person list's order); `from`: the relation's start. */
export const clubPersonSortKeys = ['name', 'from'] as const;
export type ClubPersonSortKey = (typeof clubPersonSortKeys)[number];
export const CLUB_PERSON_PAGE_SIZE = 20;
export const CLUB_PERSON_MAX_PAGE_SIZE = 100;

/**
 * GET club/{id}/person (issue 24, docs/decisions/club-page.md): one group, a page at a time.
 * Group defaults to members; IsActive absent means active and inactive; Types narrows to some
 * membership types (any of; the Organisation tab's president and managers); Name is searched in
 * firstname and lastname (every word, anywhere, case-insensitive, as the person list's Name).
 * Only the first SortBy counts (ties: the relation id). PerPage 1 to 100: no request answers a
 * whole club.
 */
export const clubPersonListQuerySchema = z.object({
  Group: z.enum(clubPersonGroups, { error: c.invalid }).default('members'),
  IsActive: queryBoolean().optional(),
  Types: queryList(enumQuerySchema(membershipTypeEnum)),
  Name: z.string({ error: c.invalid }).trim().max(200, { error: c.tooLong }).optional(),
  ...sortQuery(clubPersonSortKeys),
  Page: queryInteger().default(0),
  PerPage: queryInteger()
    .pipe(z.number().min(1, { error: c.perPageRange }).max(CLUB_PERSON_MAX_PAGE_SIZE, { error: c.perPageRange }))
    .default(CLUB_PERSON_PAGE_SIZE),
});
export type ClubPersonListQuery = z.infer<typeof clubPersonListQuerySchema>;
export type ClubPersonListParams = z.input<typeof clubPersonListQuerySchema>;

const toNotBeforeFrom = (body: { from: string; to: string | null }, ctx: z.RefinementCtx) => {
  if (body.to !== null && body.to < body.from) ctx.addIssue({ code: 'custom', path: ['to'], message: c.invalid });
};

/**
 * Spec 01 §5: a relation's membershipTypeLabel is required for type other and refused for every
 * other type. The one rule of POST person/{id}/club, POST person and the web app's two forms.
 */
export function checkMembershipTypeLabel(ctx: z.RefinementCtx, type: unknown, label: string | null | undefined): void {
  const isOther = type === typeWithLabel;
  if (isOther && !label) ctx.addIssue({ code: 'custom', path: ['membershipTypeLabel'], message: c.required });
  else if (!isOther && label) ctx.addIssue({ code: 'custom', path: ['membershipTypeLabel'], message: c.invalid });
}

/** The label a form sends: what was typed for type other, else none (the field is hidden then). */
export const membershipTypeLabelFor = (type: unknown, label: string | null | undefined): string | null =>
  type === typeWithLabel ? (label ?? null) : null;

/**
 * POST person/{id}/club. The label is required for type other and refused for every other type
 * (the form clears it when the type changes away from other).
 */
export const clubRelationCreateBodySchema = z
  .object({
    clubId: z.uuid({ error: requiredOrInvalid }),
    type: z.literal(membershipTypeValues, { error: requiredOrInvalid }),
    membershipTypeLabel: optionalText(100),
    from: isoDate(),
    to: toDate(),
  })
  .superRefine((body, ctx) => {
    checkMembershipTypeLabel(ctx, body.type, body.membershipTypeLabel);
    toNotBeforeFrom(body, ctx);
  });
export type ClubRelationCreateBody = z.input<typeof clubRelationCreateBodySchema>;
export type ClubRelationCreateData = z.output<typeof clubRelationCreateBodySchema>;

/** PUT person/{personId}/club/{id}: an existing assignment changes only from and to (spec 01 §2). */
export const clubRelationUpdateBodySchema = z.object({ from: isoDate(), to: toDate() }).superRefine(toNotBeforeFrom);
export type ClubRelationUpdateBody = z.input<typeof clubRelationUpdateBodySchema>;
export type ClubRelationUpdateData = z.output<typeof clubRelationUpdateBodySchema>;

export const personClubParamsSchema = z.object({
  personId: z.uuid({ error: c.invalid }),
  id: z.uuid({ error: c.invalid }),
});
export const personRelationParamsSchema = z.object({
  id: z.uuid({ error: c.invalid }),
  relationId: z.uuid({ error: c.invalid }),
});
