import { z } from 'zod';
import { paymentStatusValues, registrationStateEnum, registrationStateValues } from '../enums/registration';
import {
  ValidationCode,
  emailAddress,
  optionalCountryCode,
  optionalLine,
  optionalText,
  requiredLine,
} from '../validation';
import { pagedSchema, pagingQuery, queryList, sortQuery, uuidValue } from './query-params';

/** Event registrations, spec 02 §3 "EventRegistration", §5 "Registration update", §7. */
const c = ValidationCode;
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? c.required : c.invalid;

/* ------------------------------------------------------------------ custom field values */

/**
 * A custom field's value as text: a date `YYYY-MM-DD`, a number in decimal notation, a boolean
 * `true`/`false`, an option field the chosen option's text. Empty (null or "") means no value.
 * The type and mode checks need the event's fields: see custom-field-values.ts.
 */
export const eventCustomFieldValueBodySchema = z.object({
  eventCustomFieldId: uuidValue(),
  value: z.string({ error: c.invalid }).max(2000, { error: c.tooLong }).nullish(),
});
export type EventCustomFieldValueBody = z.infer<typeof eventCustomFieldValueBodySchema>;
const customFieldValues = () =>
  z.array(eventCustomFieldValueBodySchema, { error: c.invalid }).max(100, { error: c.tooLong }).default([]);

export const eventCustomFieldValueSchema = z.object({
  id: z.string(),
  eventCustomFieldId: z.string(),
  value: z.string(),
});
export type EventCustomFieldValue = z.infer<typeof eventCustomFieldValueSchema>;

/* ------------------------------------------------------------------ writes */

/**
 * The person fields of a registration; spec 02 §5: firstname, lastname, email, street, zip, city
 * required. Every field but the remarks is one line (issue 15: a name with line breaks wrote
 * sentences of its own into the association's mails).
 */
const registrantShape = {
  firstname: requiredLine(100),
  lastname: requiredLine(100),
  email: emailAddress(),
  address1: optionalLine(200),
  address2: optionalLine(200),
  street: requiredLine(200),
  zip: requiredLine(20),
  city: requiredLine(100),
  county: optionalLine(100),
  state: optionalLine(100),
  countryCode: optionalCountryCode(),
  remarks: optionalText(2000),
};

/**
 * POST event-public/{id}/event-registration. A `personId` in the body is ignored: a signed-in
 * member's registration takes her id from the token, a guest's has none.
 */
export const publicRegistrationBodySchema = z.object({
  ...registrantShape,
  eventCustomFieldValues: customFieldValues(),
});
export type PublicRegistrationBody = z.infer<typeof publicRegistrationBodySchema>;
export type PublicRegistrationInput = z.input<typeof publicRegistrationBodySchema>;

/** The answer of a registration: the link key travels only by mail. */
export const publicRegistrationCreatedSchema = z.object({
  id: z.string(),
  eventRegistrationState: z.number().int(),
  /** Issue 19: her place when the registration joined the waiting list; null otherwise. */
  waitingListPlace: z.number().int().nullable(),
});
export type PublicRegistrationCreated = z.infer<typeof publicRegistrationCreatedSchema>;

/** PUT event-registration/{id} (staff): the registration fields and custom values. */
export const registrationUpdateBodySchema = publicRegistrationBodySchema;
export type RegistrationUpdateBody = z.infer<typeof registrationUpdateBodySchema>;
export type RegistrationUpdateInput = z.input<typeof registrationUpdateBodySchema>;

/** PUT event-registration/{id}/state. */
export const registrationStateBodySchema = z.object({
  eventRegistrationState: z.literal(registrationStateValues, { error: requiredOrInvalid }),
});
export type RegistrationStateBody = z.infer<typeof registrationStateBodySchema>;

/** PUT event-registration/{id}/payment-status: staff set Paid or Unpaid (spec 02 §3). */
export const paymentStatusBodySchema = z.object({
  paymentStatus: z.literal(paymentStatusValues, { error: requiredOrInvalid }),
});
export type PaymentStatusBody = z.infer<typeof paymentStatusBodySchema>;

/** PUT event-registration-public/{keyOrId}/unregister. */
export const unregisterBodySchema = z.object({ unregistrationRemarks: optionalText(2000) });
export type UnregisterBody = z.infer<typeof unregisterBodySchema>;

/* ------------------------------------------------------------------ public link */

/**
 * The {keyOrId} of event-registration-public: the random link key from the mail (22+ base64url
 * characters), or a registration id, accepted only from its signed-in owner.
 */
export const registrationKeyOrIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,100}$|^[0-9a-fA-F-]{36}$/, { error: c.invalid });
export const registrationKeyParamsSchema = z.object({ keyOrId: registrationKeyOrIdSchema });

/* ------------------------------------------------------------------ reads */

/** The event as a registration shows it (staff lists, the public confirm and unregister pages). */
export const registrationEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  eventState: z.number().int(),
  eventFrom: z.string(),
  eventTo: z.string().nullable(),
  location: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  unregistrationTo: z.string().nullable(),
  eventImageId: z.string().nullable(),
  responsibleClub: z.object({ id: z.string(), name: z.string() }),
});
export type RegistrationEvent = z.infer<typeof registrationEventSchema>;

export const eventRegistrationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  event: registrationEventSchema,
  /** Null for a guest. */
  personId: z.string().nullable(),
  person: z.object({ id: z.string(), firstname: z.string(), lastname: z.string() }).nullable(),
  firstname: z.string(),
  lastname: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  countryCode: z.string().nullable(),
  email: z.string(),
  remarks: z.string().nullable(),
  unregistrationRemarks: z.string().nullable(),
  paymentState: z.number().int(),
  paymentStatus: z.number().int(),
  eventRegistrationState: z.number().int(),
  registeredAt: z.string(),
  unregisteredAt: z.string().nullable(),
  /**
   * Until when a Pending registration may be confirmed; after it, it takes no slot and cannot be
   * confirmed any more (issue 15). Null in the other states.
   */
  expiresAt: z.string().nullable(),
  /** Issue 19: her place in the waiting list (1 = next), while Waiting; null otherwise. */
  waitingListPlace: z.number().int().nullable(),
  /** Issue 19: when she moved up from the waiting list (her time to confirm is expiresAt). */
  movedUpAt: z.string().nullable(),
  /** Issue 19: when she was checked in at the door and by which manager; null before. */
  checkIn: z
    .object({
      checkedInAt: z.string(),
      checkedInBy: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
    })
    .nullable(),
  eventCustomFieldValues: z.array(eventCustomFieldValueSchema),
});
export type EventRegistration = z.infer<typeof eventRegistrationSchema>;
export const eventRegistrationListSchema = pagedSchema(eventRegistrationSchema);
export type EventRegistrationList = z.infer<typeof eventRegistrationListSchema>;

/**
 * GET event-registration-public/{keyOrId}: the registration with its event and what the holder
 * of the link may do now (confirm only from Pending, unregister until unregistrationTo).
 */
export const publicRegistrationSchema = eventRegistrationSchema.extend({
  canConfirm: z.boolean(),
  canUnregister: z.boolean(),
});
export type PublicRegistration = z.infer<typeof publicRegistrationSchema>;

/** GET event-public/{id}/registered-people: Confirmed registrations, names only. */
export const registeredPersonSchema = z.object({ firstname: z.string(), lastname: z.string() });
export type RegisteredPerson = z.infer<typeof registeredPersonSchema>;
export const registeredPeopleSchema = pagedSchema(registeredPersonSchema);
export type RegisteredPeople = z.infer<typeof registeredPeopleSchema>;

/* ------------------------------------------------------------------ lists */

/**
 * `eventRegistrationState` sorts Confirmed first, then Pending, Rejected, Unregistered (spec 02
 * §4 "Registration sorting"); the default is that, then registeredAt ascending (§9).
 */
export const eventRegistrationSortKeys = [
  'eventRegistrationState',
  'registeredAt',
  'firstname',
  'lastname',
  'email',
  'paymentStatus',
  'eventFrom',
] as const;
export type EventRegistrationSortKey = (typeof eventRegistrationSortKeys)[number];
/** Spec 02 §9: 10, 20, 50, 100; 0 means all. */
export const eventRegistrationPageSizes = [0, 10, 20, 50, 100] as const;

const listShape = {
  ...sortQuery(eventRegistrationSortKeys),
  ...pagingQuery(10),
  EventRegistrationState: queryList(registrationStateEnum.querySchema),
  /** Every word must occur in firstname, lastname or email. */
  Fulltext: z.string().trim().max(200, { error: c.tooLong }).optional(),
};
/** GET event/{id}/event-registration. */
export const eventRegistrationListQuerySchema = z.object(listShape);
export type EventRegistrationListQuery = z.infer<typeof eventRegistrationListQuerySchema>;

/** GET person/{id}/event-registration: the same plus EventIds. */
export const personRegistrationListQuerySchema = z.object({ ...listShape, EventIds: queryList(uuidValue()) });
export type PersonRegistrationListQuery = z.infer<typeof personRegistrationListQuerySchema>;

/* ------------------------------------------------------------------ waiting list (issue 19) */

/** GET event/{id}/waiting-list: the Waiting registrations in their order, `place` 1 first. */
export const waitingListEntrySchema = z.object({
  id: z.string(),
  place: z.number().int(),
  personId: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  registeredAt: z.string(),
});
export type WaitingListEntry = z.infer<typeof waitingListEntrySchema>;
export const waitingListSchema = pagedSchema(waitingListEntrySchema).extend({
  isWaitingListClosed: z.boolean(),
  /** Places free now (a limited event); null when the event is not limited. */
  availableRegistrationSlots: z.number().int().nullable(),
});
export type WaitingList = z.infer<typeof waitingListSchema>;
export const waitingListQuerySchema = z.object({ ...pagingQuery(10) });
export type WaitingListQuery = z.infer<typeof waitingListQuerySchema>;

/** PUT event/{id}/waiting-list-state: staff close the waiting list to newcomers or open it again. */
export const waitingListStateBodySchema = z.object({
  isWaitingListClosed: z.boolean({ error: c.boolean }),
});
export type WaitingListStateBody = z.infer<typeof waitingListStateBodySchema>;
