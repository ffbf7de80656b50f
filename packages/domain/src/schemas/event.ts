import { z } from 'zod';
import { eventRegistrationTypeValues, eventStateValues, registrationAvailabilityValues } from '../enums/event';
import { languageCodeValues } from '../enums/language';
import { AvailabilityHint } from '../registration-availability';
import {
  ValidationCode,
  countryCodeOrHome,
  httpUrl,
  isDateTimeInRange,
  isoDate,
  isoDateTime,
  optionalText,
  requiredText,
} from '../validation';
import { pagedSchema, pagingQuery, queryList, sortQuery, uuidValue } from './query-params';
import { acceptingReadShape, idsOf, renamed } from './read-shapes';

/** Events and event categories, spec 02 §3 "Event", "EventCategory", §5 and §7. */
const c = ValidationCode;

const knownNumber = <const T extends readonly number[]>(values: T) =>
  z.literal(values, { error: (issue) => (issue.input === undefined || issue.input === null ? c.required : c.invalid) });

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** A required UTC date-time: absent or empty is "must not be empty", anything else unparsable "no valid date". */
const requiredDateTime = () =>
  z.iso
    .datetime({ offset: true, error: (issue) => (isMissing(issue.input) ? c.required : c.date) })
    .refine(isDateTimeInRange, { error: c.date });

/** A required id: absent is "must not be empty", anything but a UUID "is invalid". */
const requiredUuid = () => z.uuid({ error: (issue) => (isMissing(issue.input) ? c.required : c.invalid) });

const isDateTime = (value: unknown): value is string => isoDateTime().safeParse(value).success;

/** An optional UTC date-time: absent, null and "" become null. */
const optionalDateTime = () => z.preprocess((v) => (v === '' ? null : v), isoDateTime().nullish());

/* ------------------------------------------------------------------ categories */

export const eventCategorySchema = z.object({ id: z.string(), title: z.string() });
export type EventCategory = z.infer<typeof eventCategorySchema>;
export const eventCategoryListSchema = pagedSchema(eventCategorySchema);
export type EventCategoryList = z.infer<typeof eventCategoryListSchema>;

/** GET event-category/{id}: with the number of events that use it (delete is refused while any do). */
export const eventCategoryDetailSchema = eventCategorySchema.extend({ eventCount: z.number().int() });
export type EventCategoryDetail = z.infer<typeof eventCategoryDetailSchema>;

/** Spec 02 §5: title required. */
export const eventCategoryBodySchema = z.object({ title: requiredText(100) });
export type EventCategoryBody = z.infer<typeof eventCategoryBodySchema>;

export const eventCategorySortKeys = ['title'] as const;
/** GET event-category and event-category-public; default sort title (spec 02 §9). */
export const eventCategoryListQuerySchema = z.object({
  ...sortQuery(eventCategorySortKeys),
  ...pagingQuery(0),
  Title: z.string().trim().max(200, { error: c.tooLong }).optional(),
});
export type EventCategoryListQuery = z.infer<typeof eventCategoryListQuerySchema>;

/* ------------------------------------------------------------------ event writes */

/** The time to confirm a registration, in hours (issue 15): 48 unless the event sets 1 to 720 (30 days). */
export const REGISTRATION_CONFIRM_HOURS_DEFAULT = 48;
export const REGISTRATION_CONFIRM_HOURS_MIN = 1;
export const REGISTRATION_CONFIRM_HOURS_MAX = 720;

/**
 * The event model of POST event (spec 02 §3, §5). The registration type is not sent: it follows
 * from registrationSlots and externalRegistrationUrl (see event-registration-type.ts).
 */
export const eventBodySchema = z
  .object({
    title: requiredText(200),
    eventCategoryIds: z.array(uuidValue(), { error: c.required }).min(1, { error: c.required }).max(50),
    eventFrom: requiredDateTime(),
    eventTo: optionalDateTime(),
    registrationSlots: z
      .number({ error: c.integer })
      .int({ error: c.integer })
      .min(0, { error: c.invalid })
      .max(100_000, { error: c.invalid })
      .nullish(),
    registrationTo: optionalDateTime(),
    unregistrationTo: optionalDateTime(),
    externalRegistrationUrl: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      httpUrl().nullish(),
    ),
    contactDetails: optionalText(1000),
    isRegistrationListPublic: z.boolean({ error: c.boolean }).default(false),
    registrationConfirmHours: z
      .number({ error: c.integer })
      .int({ error: c.integer })
      .min(REGISTRATION_CONFIRM_HOURS_MIN, { error: c.invalid })
      .max(REGISTRATION_CONFIRM_HOURS_MAX, { error: c.invalid })
      .default(REGISTRATION_CONFIRM_HOURS_DEFAULT),
    /** Issue 19: a limited event's waiting list; ignored (stored off) for the other types. */
    hasWaitingList: z.boolean({ error: c.boolean }).default(false),
    /** Hours someone moved up from the waiting list has to confirm her place (issue 19). */
    waitingListConfirmHours: z
      .number({ error: c.integer })
      .int({ error: c.integer })
      .min(REGISTRATION_CONFIRM_HOURS_MIN, { error: c.invalid })
      .max(REGISTRATION_CONFIRM_HOURS_MAX, { error: c.invalid })
      .default(REGISTRATION_CONFIRM_HOURS_DEFAULT),
    location: requiredText(200),
    address1: optionalText(200),
    address2: optionalText(200),
    street: requiredText(200),
    zip: requiredText(20),
    city: requiredText(100),
    county: optionalText(100),
    state: optionalText(100),
    countryCode: countryCodeOrHome(),
    teaserText: requiredText(2000),
    description: optionalText(50_000),
    cost: optionalText(1000),
    defaultLanguageCode: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'de' : v),
      z.enum(languageCodeValues, { error: c.invalid }),
    ),
    responsibleClubId: requiredUuid(),
  })
  .superRefine((event, ctx) => {
    // Refinements run even when fields failed: compare only dates that parsed.
    if (
      isDateTime(event.eventFrom) &&
      isDateTime(event.eventTo) &&
      Date.parse(event.eventTo) < Date.parse(event.eventFrom)
    ) {
      ctx.addIssue({ code: 'custom', path: ['eventTo'], message: c.invalid });
    }
    // Spec 02 §4: the type follows from slots and URL, and the form clears what a type does not
    // use. A body with both, or with deadlines but no registration, names no single type.
    const hasUrl = Boolean(event.externalRegistrationUrl);
    if (hasUrl && typeof event.registrationSlots === 'number') {
      ctx.addIssue({ code: 'custom', path: ['registrationSlots'], message: c.invalid });
    }
    const hasNoRegistration = !hasUrl && (event.registrationSlots === null || event.registrationSlots === undefined);
    if (hasNoRegistration && event.registrationTo) {
      ctx.addIssue({ code: 'custom', path: ['registrationTo'], message: c.invalid });
    }
    if (hasNoRegistration && event.unregistrationTo) {
      ctx.addIssue({ code: 'custom', path: ['unregistrationTo'], message: c.invalid });
    }
  });
export type EventBody = z.infer<typeof eventBodySchema>;

/**
 * PUT event/{id}: the create model plus the event state (spec 02 §5 "Event state required on
 * edit"). What GET event/{id} answers is understood too (issue 15): the categories as
 * eventCategories [{id, title}].
 */
export const eventUpdateBodySchema = acceptingReadShape(
  eventBodySchema.and(z.object({ eventState: knownNumber(eventStateValues) })),
  (body) => {
    renamed(body, 'eventCategories', 'eventCategoryIds');
    body.eventCategoryIds = idsOf(body.eventCategoryIds);
  },
);
export type EventUpdateBody = z.infer<typeof eventUpdateBodySchema>;

/** PUT event/{id}/event-state. */
export const eventStateBodySchema = z.object({ eventState: knownNumber(eventStateValues) });
export type EventStateBody = z.infer<typeof eventStateBodySchema>;

/* ------------------------------------------------------------------ event reads */

export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  eventState: z.number().int(),
  eventCategories: z.array(eventCategorySchema),
  eventFrom: z.string(),
  eventTo: z.string().nullable(),
  registrationSlots: z.number().int().nullable(),
  /** Slots left for a limited event (Pending and Confirmed take one); null when not limited. */
  availableRegistrationSlots: z.number().int().nullable(),
  registrationType: z.literal(eventRegistrationTypeValues),
  registrationTo: z.string().nullable(),
  unregistrationTo: z.string().nullable(),
  externalRegistrationUrl: z.string().nullable(),
  contactDetails: z.string().nullable(),
  isRegistrationListPublic: z.boolean(),
  /** Hours a Pending registration has to be confirmed before its slot comes free (issue 15). */
  registrationConfirmHours: z.number().int(),
  /** Issue 19: the waiting list of a limited event, whether staff closed it, its time to confirm. */
  hasWaitingList: z.boolean(),
  isWaitingListClosed: z.boolean(),
  waitingListConfirmHours: z.number().int(),
  location: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  countryCode: z.string(),
  teaserText: z.string(),
  description: z.string().nullable(),
  cost: z.string().nullable(),
  defaultLanguageCode: z.string(),
  geoCodingStatus: z.number().int(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  responsibleClubId: z.string(),
  responsibleClub: z.object({ id: z.string(), name: z.string() }),
  eventImageId: z.string().nullable(),
});
export type Event = z.infer<typeof eventSchema>;

const actionAvailabilitySchema = z.object({
  mode: z.literal(registrationAvailabilityValues),
  hint: z.enum(Object.values(AvailabilityHint) as [AvailabilityHint, ...AvailabilityHint[]]),
  until: z.string().nullable(),
});
/** Spec 02 §3 "Registration status for the current user" (registration-availability.ts). */
export const registrationStatusSchema = z.object({
  activeRegistrationIds: z.array(z.string()),
  registration: actionAvailabilitySchema,
  unregistration: actionAvailabilitySchema,
  external: actionAvailabilitySchema,
});

/**
 * GET event/{id} and event-public/{id}: the event, the caller's registration status (a visitor
 * who is not signed in has no registrations) and whether the caller may manage it.
 */
export const eventDetailSchema = eventSchema.extend({
  registrationStatus: registrationStatusSchema,
  canManage: z.boolean(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
export const eventListSchema = pagedSchema(eventSchema);
export type EventList = z.infer<typeof eventListSchema>;

export const eventSortKeys = ['eventFrom', 'eventTo', 'title', 'eventState'] as const;
export type EventSortKey = (typeof eventSortKeys)[number];

/**
 * GET event, event-public and club/{clubId}/event (spec 02 §7). Default sort eventFrom then
 * eventTo (§9); lists are fetched with PerPage 0 (all). DateFrom/DateTo bound the event's days:
 * an event is in range when it ends on or after DateFrom and starts on or before DateTo.
 */
export const eventListQuerySchema = z.object({
  ...sortQuery(eventSortKeys),
  ...pagingQuery(0),
  Title: z.string().trim().max(200, { error: c.tooLong }).optional(),
  Clubs: queryList(uuidValue()),
  EventStates: queryList(
    z
      .string()
      .regex(/^\d{1,3}$/, { error: c.invalid })
      .transform(Number)
      .pipe(knownNumber(eventStateValues)),
  ),
  EventCategories: queryList(uuidValue()),
  DateFrom: isoDate().optional(),
  DateTo: isoDate().optional(),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventImageSizes = ['small', 'large'] as const;
export type EventImageSize = (typeof eventImageSizes)[number];

/** The multipart field of POST event/{id}/event-image (spec 02 §7). */
export const eventImageUploadField = 'EventImage';

/** GET event(-public)/{id}/event-image?size=small|large&cache=<eventImageId>; large by default. */
export const eventImageQuerySchema = z.object({
  size: z.enum(eventImageSizes, { error: c.invalid }).default('large'),
  cache: z.string().max(100, { error: c.tooLong }).optional(),
});
export type EventImageQuery = z.infer<typeof eventImageQuerySchema>;

/**
 * The URL of an event image; with the image id it is cacheable for good. The public path works
 * for everyone while the event is in a public state; the other needs a signed-in user.
 */
export const eventImageUrl = (
  event: { id: string; eventImageId: string },
  options: { size?: EventImageSize; isPublic?: boolean } = {},
) =>
  `/api/v1/${options.isPublic === false ? 'event' : 'event-public'}/${event.id}/event-image?size=${options.size ?? 'large'}&cache=${event.eventImageId}`;

/** GET event-public/{id}/ics: the event as an iCalendar file ("add to calendar"). */
export const eventIcsUrl = (eventId: string) => `/api/v1/event-public/${eventId}/ics`;
