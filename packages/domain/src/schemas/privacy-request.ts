import { z } from 'zod';
import { ValidationCode, isoDate, optionalText, requiredText } from '../validation';
import { pagedSchema, pagingQuery, uuidValue } from './query-params';

/**
 * Issue 25, leaving and erasure (docs/decisions/erasure.md): a member's request to leave a club,
 * her request to have her account erased, and the association's retention period.
 */

/** The last name an erased person's row keeps (the row stays so memberships and head counts stay right). */
export const ERASED_NAME = '[erased]';

/** The default end of a membership she asks to leave: the end of the current year (YYYY-12-31). */
export const defaultLeaveEnd = (today: string) => `${today.slice(0, 4)}-12-31`;

/* ------------------------------------------------------------------ leaving a club */

export const leaveRequestSchema = z.object({
  id: z.string(),
  personId: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  message: z.string().nullable(),
  wishedEnd: z.string(),
  createdAt: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;
export const leaveRequestListSchema = pagedSchema(leaveRequestSchema);
export type LeaveRequestList = z.infer<typeof leaveRequestListSchema>;

/** POST person/me/leave-request: the club, an optional message, the wished end (default: end of year). */
export const leaveRequestBodySchema = z.object({
  clubId: uuidValue(),
  message: optionalText(2000),
  wishedEnd: isoDate().nullish(),
});
export type LeaveRequestBody = z.input<typeof leaveRequestBodySchema>;

/** PUT leave-request/{id}/confirm: the end date (default: the one she wished). */
export const leaveConfirmBodySchema = z.object({ end: isoDate().nullish() });
export type LeaveConfirmBody = z.input<typeof leaveConfirmBodySchema>;

/** PUT leave-request/{id}/decline and erasure-request/{id}/decline: the reason she receives. */
export const privacyDeclineBodySchema = z.object({ reason: requiredText(2000) });
export type PrivacyDeclineBody = z.input<typeof privacyDeclineBodySchema>;

export const leaveRequestListQuerySchema = z.object({ ...pagingQuery(20) });
export type LeaveRequestListQuery = z.infer<typeof leaveRequestListQuerySchema>;

/* ------------------------------------------------------------------ erasure */

/** POST person/me/erasure-request: she confirms with her password. */
export const erasureRequestBodySchema = z.object({ password: z.string().max(1000) });
export type ErasureRequestBody = z.input<typeof erasureRequestBodySchema>;

/** GET person/me/erasure-request: her pending request, or null. */
export const ownErasureRequestSchema = z.object({ requestedAt: z.string().nullable() });
export type OwnErasureRequest = z.infer<typeof ownErasureRequestSchema>;

export const erasureRequestSchema = z.object({
  personId: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  requestedAt: z.string(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;
export const erasureRequestListSchema = pagedSchema(erasureRequestSchema);
export type ErasureRequestList = z.infer<typeof erasureRequestListSchema>;
export const erasureRequestListQuerySchema = z.object({ ...pagingQuery(20) });
export type ErasureRequestListQuery = z.infer<typeof erasureRequestListQuerySchema>;

/* ------------------------------------------------------------------ retention */

export const retentionMonthsMax = 1200;

/** GET/PUT privacy-setting: months without an active membership and a sign-in; null: none. */
export const privacySettingSchema = z.object({
  retentionMonths: z.number().int().min(1).max(retentionMonthsMax).nullable(),
});
export type PrivacySetting = z.infer<typeof privacySettingSchema>;
export const privacySettingBodySchema = z.object({
  retentionMonths: z
    .number({ error: ValidationCode.integer })
    .int({ error: ValidationCode.integer })
    .min(1, { error: ValidationCode.invalid })
    .max(retentionMonthsMax, { error: ValidationCode.invalid })
    .nullable(),
});
export type PrivacySettingBody = z.input<typeof privacySettingBodySchema>;

export const retentionCandidateSchema = z.object({
  personId: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  /** The end of her last membership (null: never a member). */
  lastMembershipEnd: z.string().nullable(),
});
export type RetentionCandidate = z.infer<typeof retentionCandidateSchema>;
export const retentionCandidateListSchema = pagedSchema(retentionCandidateSchema).extend({
  retentionMonths: z.number().int().nullable(),
});
export type RetentionCandidateList = z.infer<typeof retentionCandidateListSchema>;
export const retentionCandidateListQuerySchema = z.object({ ...pagingQuery(20) });
export type RetentionCandidateListQuery = z.infer<typeof retentionCandidateListQuerySchema>;

/** POST retention-run: the job that anonymises the listed persons. */
export const retentionRunSchema = z.object({ jobId: z.string() });
export type RetentionRun = z.infer<typeof retentionRunSchema>;
