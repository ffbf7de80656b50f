import { z } from 'zod';
import { ValidationCode, isoDateTime } from '../validation';
import { pagedSchema, queryInteger, uuidValue } from './query-params';

/**
 * Tickets and check-in at the door (issue 19, docs/decisions/tickets-check-in.md). A ticket
 * token is 22 base64url characters (128 bits); it is not the registration's id.
 */
const c = ValidationCode;

export const ticketTokenPattern = /^[A-Za-z0-9_-]{22}$/;

/** GET event-registration-public/{keyOrId}/ticket: the ticket of a Confirmed registration. */
export const ticketSchema = z.object({
  token: z.string(),
  /** The QR code of the token as an SVG data URL. */
  qrCode: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * POST event/{id}/check-in: a scanned token or, from the search by name, a registration id.
 * `checkedInAt` is the device's time of a check-in made offline (later ones are clamped to the
 * server's time); absent means now.
 */
export const checkInBodySchema = z
  .object({
    token: z.string({ error: c.invalid }).max(200, { error: c.tooLong }).optional(),
    registrationId: uuidValue().optional(),
    checkedInAt: isoDateTime().optional(),
  })
  .refine((body) => (body.token === undefined) !== (body.registrationId === undefined), {
    error: c.invalid,
    path: ['token'],
  });
export type CheckInBody = z.infer<typeof checkInBodySchema>;

export const checkInOutcomes = ['checkedIn', 'alreadyCheckedIn'] as const;
export type CheckInOutcome = (typeof checkInOutcomes)[number];

const checkedInBySchema = z.object({ id: z.string(), firstname: z.string(), lastname: z.string() }).nullable();

/** The answer to a check-in: this one counted, or an earlier one (its time and manager) stands. */
export const checkInResultSchema = z.object({
  outcome: z.enum(checkInOutcomes),
  registrationId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  checkedInAt: z.string(),
  checkedInBy: checkedInBySchema,
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** GET event/{id}/check-in: the event's registrations as the door needs them, also offline. */
export const attendeeSchema = z.object({
  registrationId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  eventRegistrationState: z.number().int(),
  /** Hex SHA-256 of the ticket token: a device offline recognises a scan without holding tokens. */
  ticketHash: z.string(),
  checkedInAt: z.string().nullable(),
  checkedInBy: checkedInBySchema,
});
export type Attendee = z.infer<typeof attendeeSchema>;
export const attendeeListSchema = pagedSchema(attendeeSchema);
export type AttendeeList = z.infer<typeof attendeeListSchema>;

export const attendeeListQuerySchema = z.object({
  Page: queryInteger().default(0),
  PerPage: queryInteger({ max: 500 })
    .pipe(z.number().min(1, { error: c.invalid }))
    .default(500),
});
