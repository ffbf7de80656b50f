import { z } from 'zod';

/**
 * Issue 19: a calendar feed's address, as https (to copy) and webcal (to subscribe with one
 * click). GET calendar-feed gives the signed-in person's; PUT calendar-feed/renewal a new one.
 */
export const calendarFeedLinksSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeedLinks = z.infer<typeof calendarFeedLinksSchema>;

/**
 * The random part of a personal feed address (an HMAC-SHA-256 in base64url, 43 characters); any
 * other key of a plausible shape is simply unknown (404).
 */
export const calendarFeedKeyParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
