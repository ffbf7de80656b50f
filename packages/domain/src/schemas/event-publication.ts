import { z } from 'zod';
import { eventStateValues } from '../enums/event';
import { PublicationState, publicationStateValues } from '../enums/publication-state';
import { ValidationCode } from '../validation';
import { pagedSchema, pagingQuery, queryList, sortQuery, uuidValue } from './query-params';

/** Publications of an event to other clubs: spec 02 §3 "EventPublication", §4, §5 and §7. */
const c = ValidationCode;

const knownNumber = <const T extends readonly number[]>(values: T) =>
  z.literal(values, { error: (issue) => (issue.input === undefined || issue.input === null ? c.required : c.invalid) });

/** A repeated numeric query value (`EventStates=15&EventStates=20`) of a known enum. */
const queryEnumList = <const T extends readonly number[]>(values: T) =>
  queryList(
    z
      .string()
      .regex(/^\d{1,3}$/, { error: c.invalid })
      .transform(Number)
      .pipe(knownNumber(values)),
  );

const clubRefSchema = z.object({ id: z.string(), name: z.string() });

/* ------------------------------------------------------------------ reads */

export const eventPublicationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  clubId: z.string(),
  /** The club the event is offered to. */
  club: clubRefSchema,
  event: z.object({
    id: z.string(),
    title: z.string(),
    eventState: z.number().int(),
    responsibleClub: clubRefSchema,
    eventFrom: z.string(),
    eventTo: z.string().nullable(),
  }),
  eventPublicationState: z.number().int(),
  isLocked: z.boolean(),
  /** Whether the caller may confirm or reject it now (its club's managers, admins; locked: admins). */
  canChangeState: z.boolean(),
  /** Whether the caller may delete it now (the event's managers, admins; locked: admins). */
  canDelete: z.boolean(),
});
export type EventPublication = z.infer<typeof eventPublicationSchema>;
export const eventPublicationListSchema = pagedSchema(eventPublicationSchema);
export type EventPublicationList = z.infer<typeof eventPublicationListSchema>;

export const eventPublicationSortKeys = [
  'eventFrom',
  'eventTitle',
  'clubName',
  'eventState',
  'eventPublicationState',
] as const;
export type EventPublicationSortKey = (typeof eventPublicationSortKeys)[number];

/**
 * GET event-publication, event/{id}/event-publication and club/{id}/event-publication (spec 02
 * §7). Default sort eventFrom, then club name; 10 a page (§9). ClubName and EventTitle are "contains",
 * case-insensitive; the state lists mean "any of".
 */
export const eventPublicationListQuerySchema = z.object({
  ...sortQuery(eventPublicationSortKeys),
  ...pagingQuery(10),
  ClubName: z.string().trim().max(200, { error: c.tooLong }).optional(),
  EventTitle: z.string().trim().max(200, { error: c.tooLong }).optional(),
  EventStates: queryEnumList(eventStateValues),
  EventPublicationStates: queryEnumList(publicationStateValues),
});
export type EventPublicationListQuery = z.infer<typeof eventPublicationListQuerySchema>;

/* ------------------------------------------------------------------ writes */

/** POST event-publication: at least one club (spec 02 §5); isLocked is for admins (§6). */
export const eventPublicationBodySchema = z.object({
  eventId: uuidValue(),
  clubIds: z
    .array(uuidValue(), { error: c.required })
    .min(1, { error: c.required })
    .max(200, { error: c.tooLong })
    .transform((ids) => [...new Set(ids)]),
  isLocked: z.boolean({ error: c.boolean }).default(false),
});
export type EventPublicationBody = z.infer<typeof eventPublicationBodySchema>;

/** The states a user may set (spec 02 §4: Confirmed or Rejected, from any other state). */
export const answerablePublicationStates = [PublicationState.Confirmed, PublicationState.Rejected] as const;

/**
 * PUT event-publication/{id}/state. isLocked (admins only) locks or unlocks it with the same call:
 * "accept and lock" is `{ eventPublicationState: 20, isLocked: true }`.
 */
export const eventPublicationStateBodySchema = z.object({
  eventPublicationState: knownNumber(answerablePublicationStates),
  isLocked: z.boolean({ error: c.boolean }).optional(),
});
export type EventPublicationStateBody = z.infer<typeof eventPublicationStateBodySchema>;
