import { z } from 'zod';
import { pagedSchema, pagingQuery } from './query-params';

/**
 * GET person/{id}/audit-entry (admins, docs/decisions/audit-trail.md): who created, changed,
 * archived, deleted or exported a person, newest first. PerPage defaults to 20.
 */
export const auditTrailQuerySchema = z.object({ ...pagingQuery(20) });
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;

/**
 * The entities a person's trail holds: she herself, her club relations, exports that included
 * her, her addresses and their e-mails, phones and URLs, her avatar and her account (username,
 * password).
 */
export const auditEntities = [
  'person',
  'clubRelation',
  'persons',
  'address',
  'addressEmail',
  'addressPhone',
  'addressUrl',
  'avatar',
  'account',
  // Issue 25: her membership application (applied, information requested, accepted).
  'membershipApplication',
] as const;
export const auditActions = ['created', 'updated', 'archived', 'reactivated', 'deleted', 'exported'] as const;

const name = z.string().nullable();

export const auditTrailEntrySchema = z.object({
  id: z.uuid(),
  /** UTC ISO date-time without milliseconds. */
  at: z.string(),
  /** One of auditActions; a plain string so entries of later features still pass. */
  action: z.string(),
  /** One of auditEntities (`persons` is an export of many persons). */
  entity: z.string(),
  /** Null for entries without an actor; names null when the actor was deleted. */
  actor: z.object({ id: z.uuid(), firstname: name, lastname: name }).nullable(),
  /** Club relation entries: the club (name null when the club was deleted) and the membership type. */
  club: z.object({ id: z.uuid(), name }).nullable(),
  membershipType: z.number().int().nullable(),
  /** Export entries: the format, the number of persons and whether the file was completed. */
  outputFormat: z.number().int().nullable(),
  rowCount: z.number().int().nullable(),
  isComplete: z.boolean().nullable(),
});
export type AuditTrailEntry = z.infer<typeof auditTrailEntrySchema>;

export const auditTrailSchema = pagedSchema(auditTrailEntrySchema);
export type AuditTrail = z.infer<typeof auditTrailSchema>;
