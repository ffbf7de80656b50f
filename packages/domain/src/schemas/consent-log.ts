import { z } from 'zod';
import { pagedSchema, pagingQuery } from './query-params';

/**
 * Issue 25 consent log (docs/decisions/self-service.md): each change of the advertising consent,
 * the profile visibility and the acceptance of the terms, newest first.
 */
export const consentSubjects = ['advertising', 'profileVisibility', 'terms'] as const;
export type ConsentSubject = (typeof consentSubjects)[number];
/** Who made the change: she herself, a manager (or admin), a spreadsheet import, her application. */
export const consentChannels = ['self', 'manager', 'import', 'application'] as const;
export type ConsentChannel = (typeof consentChannels)[number];

export const consentLogQuerySchema = z.object({ ...pagingQuery(20) });
export type ConsentLogQuery = z.infer<typeof consentLogQuerySchema>;

const name = z.string().nullable();
export const consentLogEntrySchema = z.object({
  id: z.uuid(),
  /** UTC ISO date-time without milliseconds. */
  at: z.string(),
  subject: z.enum(consentSubjects),
  /** advertising: the Advertising value (0, 10, 20); profileVisibility and terms: true or false. */
  value: z.union([z.number().int(), z.boolean()]),
  /** The value before the change; null for a first entry (terms accepted, new person). */
  previousValue: z.union([z.number().int(), z.boolean()]).nullable(),
  channel: z.enum(consentChannels),
  /** Who made it; null for an application or when unknown; names null when she was deleted. */
  actor: z.object({ id: z.uuid(), firstname: name, lastname: name }).nullable(),
});
export type ConsentLogEntry = z.infer<typeof consentLogEntrySchema>;

export const consentLogSchema = pagedSchema(consentLogEntrySchema);
export type ConsentLog = z.infer<typeof consentLogSchema>;
