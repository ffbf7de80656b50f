import { z } from 'zod';
import { competenceTopicEnum } from '../enums/competence';
import { enumQuerySchema, enumSchema } from '../enums/enum-helpers';
import { entityStateEnum, entityStateValues } from '../enums/entity-state';
import { languageCodeSchema, languageCodeValues } from '../enums/language';
import { typesOfferedOnCreate } from '../enums/membership-type';
import {
  advertisingSchema,
  courierTypeSchema,
  employmentTypeSchema,
  salutationSchema,
  titleSchema,
  courierTypeEnum,
} from '../enums/person-fields';
import { personListFilterEnum } from '../enums/person-list-filter';
import { personPageSizes, personSortKeys } from './person-list-keys';
import {
  ValidationCode,
  emailAddress,
  isoDate,
  optionalCountryCode,
  optionalText,
  requiredText,
  strongPassword,
} from '../validation';
import { checkMembershipTypeLabel } from './membership';
import { type QueryInput, pagedSchema, queryInteger, queryList, sortQuery, uuidValue } from './query-params';
import { acceptingReadShape, idOf, idsOf, renamed } from './read-shapes';

/** Persons: spec 01 §3 "Person", §5 "Person" / "Create person", §7 "Persons". */
const c = ValidationCode;
/** "must not be empty" when nothing was sent, "is invalid" for a value outside the list. */
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? c.required : c.invalid;
const requiredOneOf = <const V extends string | number>(values: readonly V[]) =>
  z.literal(values, { error: requiredOrInvalid });
const requiredUuid = () => z.uuid({ error: requiredOrInvalid });
/** An IANA time zone the runtime knows ("Europe/Zurich"). */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item, { error: c.invalid })
    .max(max, { error: c.tooLong })
    .transform((list) => [...new Set(list)] as z.output<T>[]);
const competenceTopicSchema = enumSchema(competenceTopicEnum);
const idName = z.object({ id: z.string(), name: z.string() });
const valueOnly = z.object({ value: z.string() });

// --- GET person ---------------------------------------------------------------------------
export { personPageSizes, personSortKeys, type PersonSortKey } from './person-list-keys';
const filterText = () => optionalText(200);

/**
 * GET person. Lists are repeated keys ("any of"); different parameters combine with "and".
 * Absent PerPage (or 0) answers all, but only up to the server's LIST_ALL_LIMIT persons, else
 * 400 (issue 20; the pickers search 20 at a time as the user types).
 * Default sort: firstname, then lastname (spec 01 §9). docs/decisions/persons.md.
 */
export const personListQuerySchema = z.object({
  ...sortQuery(personSortKeys),
  Page: queryInteger().default(0),
  PerPage: queryInteger()
    .pipe(z.literal(personPageSizes, { error: c.invalid }))
    .default(0),
  /** Every word must occur in firstname, lastname, an e-mail value or a company. */
  Name: filterText(),
  Clubs: queryList(uuidValue()),
  /** PersonListFilter values; non-admins only the limited six (spec 01 §2). */
  PersonClubTypes: queryList(enumQuerySchema(personListFilterEnum)),
  Company: filterText(),
  CompanySector: filterText(),
  Competences: queryList(enumQuerySchema(competenceTopicEnum)),
  Firstname: filterText(),
  Lastname: filterText(),
  /**
   * City, Zip, Company, Street: every word begins a word of that field of one of her addresses,
   * folded like Name (docs/decisions/address-filters.md). CompanySector is "contains".
   */
  Street: filterText(),
  Zip: filterText(),
  City: filterText(),
  PersonMentoringTypes: queryList(enumQuerySchema(competenceTopicEnum)),
  /** Admins only; others always see Active persons. */
  States: queryList(enumQuerySchema(entityStateEnum)),
  /** Admins only (spec 01 §2: the courier filter is admin only). */
  BpwCourier: queryList(enumQuerySchema(courierTypeEnum)),
});
export type PersonListQuery = z.infer<typeof personListQuerySchema>;
/** What the web app sends to GET person (the list, its prefetch): the parameters by their names. */
export type PersonListQueryInput = QueryInput<typeof personListQuerySchema>;

/** Spec 01 §3 "Person (list item)". */
export const personListItemSchema = z.object({
  id: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  avatarId: z.string().nullable(),
  primaryClub: idName.nullable(),
  primaryEmail: valueOnly.nullable(),
  primaryPhone: valueOnly.nullable(),
  state: z.number().int(),
  languageCode: z.string(),
});
export type PersonListItem = z.infer<typeof personListItemSchema>;
/** isTotalEstimated: more than 10,000 matches, `total` is the database's estimate (the list says "about"). */
export const personListSchema = pagedSchema(personListItemSchema).extend({ isTotalEstimated: z.boolean().optional() });
export type PersonList = z.infer<typeof personListSchema>;

// --- GET person/{id} ----------------------------------------------------------------------
/** A primary phone, e-mail, URL or address: its value (an address: one line) and its address's label. */
const primaryItem = z.object({ id: z.string(), value: z.string(), addressLabel: z.string() });
const personRef = z.object({ id: z.string(), firstname: z.string().nullable(), lastname: z.string() });

/**
 * Spec 01 §3 "Person (detail)". The enumerated fields are answered with the schemas the update
 * takes them with, so what GET answers fits the form of PUT as it is.
 */
export const personDetailSchema = z.object({
  id: z.string(),
  salutation: salutationSchema.nullable(),
  title: titleSchema.nullable(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  /** Null unless the caller is a manager of the person or the person herself (spec 01 §2). */
  birthday: z.string().nullable(),
  timeZone: z.string(),
  languageCode: languageCodeSchema,
  countryCode: z.string().nullable(),
  spokenLanguages: z.array(z.object({ languageCode: languageCodeSchema })),
  isProfilePublic: z.boolean(),
  /** Null unless the caller is a manager of the person or the person herself (spec 01 §2). */
  isPresentationDone: z.boolean().nullable(),
  isCoach: z.boolean(),
  employmentType: employmentTypeSchema.nullable(),
  bpwCourier: courierTypeSchema.nullable(),
  advertising: advertisingSchema,
  mentoringAreas: z.array(z.object({ personMentoringType: competenceTopicSchema })),
  coach1: personRef.nullable(),
  coach2: personRef.nullable(),
  primaryClubId: z.string().nullable(),
  primaryPhoneId: z.string().nullable(),
  primaryEmailId: z.string().nullable(),
  primaryUrlId: z.string().nullable(),
  primaryAddressId: z.string().nullable(),
  primaryClub: idName.nullable(),
  primaryPhone: primaryItem.nullable(),
  primaryEmail: primaryItem.nullable(),
  primaryUrl: primaryItem.nullable(),
  primaryAddress: primaryItem.nullable(),
  avatarId: z.string().nullable(),
  state: z.number().int(),
  /**
   * Whether the caller passes the credential rule for this person (issue 15,
   * docs/decisions/credentials.md): change her username or password, mail her a reset or
   * invitation link, delete her. Archive state, own profile and "only external" apply on top.
   */
  canControlAccount: z.boolean(),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

// --- PUT person/{id} ----------------------------------------------------------------------
/**
 * Spec 01 §3 "Person update payload", §5 "Person": lastname and language required, birthday
 * required and not in the future (`isNotInFuture`, checked by the form and the server). Every
 * field is sent; id, state, username, primary ids in the body are ignored. What GET person/{id}
 * answers is understood too (issue 15): spokenLanguages as [{languageCode}], mentoringAreas as
 * [{personMentoringType}], coaches as {id, firstname, lastname}.
 */
const personUpdateFields = z.object({
  // Identity (spec 01 §3 order), then settings, flags, mentoring.
  salutation: salutationSchema.nullish(),
  title: titleSchema.nullish(),
  firstname: optionalText(100),
  lastname: requiredText(100),
  birthday: isoDate(),
  timeZone: requiredText(64).refine(isTimeZone, { error: c.invalid }).default('Europe/Zurich'),
  languageCode: requiredOneOf(languageCodeValues),
  countryCode: optionalCountryCode(),
  isProfilePublic: z.boolean({ error: c.boolean }).default(false),
  /** Only managers change it; for anyone else the stored value stays. */
  isPresentationDone: z.boolean({ error: c.boolean }).default(false),
  isCoach: z.boolean({ error: c.boolean }).default(false),
  employmentType: employmentTypeSchema.nullish(),
  bpwCourier: courierTypeSchema.nullish(),
  advertising: advertisingSchema.default(0),
  /** Person ids of the two guarantors (coaches); the detail answers them as {id, firstname, lastname}. */
  coach1: uuidValue().nullish(),
  coach2: uuidValue().nullish(),
  /** Competence topics (0..190): the person's mentoringAreas. */
  mentoringTypes: uniqueList(competenceTopicSchema, 20).default([]),
  /** Language codes; the detail answers them as [{languageCode}]. */
  spokenLanguages: uniqueList(languageCodeSchema, 4).default([]),
});
export const personUpdateBodySchema = acceptingReadShape(personUpdateFields, (body) => {
  renamed(body, 'mentoringAreas', 'mentoringTypes');
  body.mentoringTypes = idsOf(body.mentoringTypes, 'personMentoringType');
  body.spokenLanguages = idsOf(body.spokenLanguages, 'languageCode');
  body.coach1 = idOf(body.coach1);
  body.coach2 = idOf(body.coach2);
});
export type PersonUpdateBody = z.input<typeof personUpdateBodySchema>;
export type PersonUpdateData = z.output<typeof personUpdateBodySchema>;

// --- POST person --------------------------------------------------------------------------
/**
 * Spec 01 §3 "Person create payload", §5 "Create person". The username is an e-mail address;
 * membershipTypeLabel is required for type other and refused for any other type; clubFrom and
 * birthday must not be in the future (`isNotInFuture`).
 */
export const personCreateBodySchema = z
  .object({
    username: emailAddress(),
    password: strongPassword(),
    firstname: optionalText(100),
    lastname: requiredText(100),
    birthday: isoDate(),
    language: requiredOneOf(languageCodeValues),
    clubId: requiredUuid(),
    /** The types offered on create: interested, single, company, collective, speaker, other. */
    membershipType: requiredOneOf(typesOfferedOnCreate),
    membershipTypeLabel: optionalText(100),
    clubFrom: isoDate(),
  })
  .superRefine((body, ctx) => checkMembershipTypeLabel(ctx, body.membershipType, body.membershipTypeLabel));
export type PersonCreateBody = z.input<typeof personCreateBodySchema>;
export type PersonCreateData = z.output<typeof personCreateBodySchema>;

// --- PUT person/{id}/state, GET person/{id}/sys-info --------------------------------------
export const personStateBodySchema = z.object({
  state: requiredOneOf(entityStateValues),
});
export type PersonStateBody = z.infer<typeof personStateBodySchema>;

const change = z.object({
  at: z.string(),
  /** Person id of who made the change; null for the system or a deleted person. */
  by: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
});
/** Spec 01 §3 "Person system info". acceptedTermsAndConditionsAt is null except for admins. */
export const personSysInfoSchema = z.object({
  username: z.string().nullable(),
  acceptedTermsAndConditionsAt: z.string().nullable(),
  created: change,
  updated: change,
});
export type PersonSysInfo = z.infer<typeof personSysInfoSchema>;

/** Spec 01 §5: a date (YYYY-MM-DD) "not in the future" relative to today (YYYY-MM-DD, Switzerland). */
export const isNotInFuture = (date: string, today: string) => date <= today;
