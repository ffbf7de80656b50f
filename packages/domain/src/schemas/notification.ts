import { z } from 'zod';
import { enumQuerySchema } from '../enums/enum-helpers';
import {
  isClubRelatedNotificationType,
  notificationChannelEnum,
  notificationChannelValues,
  notificationTypeValues,
} from '../enums/notification';
import { ValidationCode } from '../validation';
import { pagedSchema, pagingQuery, queryBoolean, sortQuery, uuidValue } from './query-params';

/** Notifications and subscriptions, spec 01 §3 and §7 "Notifications", "Notification subscriptions". */
const c = ValidationCode;
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? c.required : c.invalid;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** HTML written by the server; every interpolated value is escaped. */
  content: z.string(),
  /** UTC ISO date-time without milliseconds. */
  createdAt: z.string(),
  notificationType: z.number().int(),
  eventId: z.string().nullable(),
  isRead: z.boolean(),
  channel: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = pagedSchema(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * GET notification. PersonId defaults to the caller; only admins may name another person.
 * The web app's store sends SortBy=createdAt&SortDesc=true&IsRead=false&Channel=2 (spec 01 §7).
 */
export const notificationListQuerySchema = z.object({
  PersonId: uuidValue().optional(),
  IsRead: queryBoolean().optional(),
  Channel: enumQuerySchema(notificationChannelEnum).optional(),
  ...sortQuery(['createdAt']),
  ...pagingQuery(10),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** PUT notification: marks all of one person's notifications of one channel as read. */
export const markAllReadBodySchema = z.object({
  personId: uuidValue(),
  channel: z.literal(notificationChannelValues, { error: requiredOrInvalid }),
});
export type MarkAllReadBody = z.infer<typeof markAllReadBodySchema>;
export const markAllReadResultSchema = z.object({ count: z.number().int() });

export const notificationSubscriptionSchema = z.object({
  id: z.string(),
  personId: z.string(),
  clubId: z.string().nullable(),
  notificationType: z.number().int(),
  isApplicationEnabled: z.boolean(),
  isEmailEnabled: z.boolean(),
});
export type NotificationSubscription = z.infer<typeof notificationSubscriptionSchema>;
export const notificationSubscriptionListSchema = pagedSchema(notificationSubscriptionSchema);

export const subscriptionListQuerySchema = z.object(pagingQuery(0));

/**
 * POST person/{personId}/notification-subscription. Spec 01 §5: a club is required for the
 * club-related types (EventPublished, EventRegistrationDeadlineReminder); the registration-related
 * ones are not bound to a club, so clubId must be null or absent for them.
 */
export const subscriptionCreateBodySchema = z
  .object({
    clubId: uuidValue().nullish(),
    notificationType: z.literal(notificationTypeValues, { error: requiredOrInvalid }),
    isApplicationEnabled: z.boolean({ error: c.invalid }).default(true),
    isEmailEnabled: z.boolean({ error: c.invalid }).default(false),
  })
  .superRefine((body, ctx) => {
    const isClubRelated = isClubRelatedNotificationType(body.notificationType);
    if (isClubRelated && !body.clubId) ctx.addIssue({ code: 'custom', path: ['clubId'], message: c.required });
    if (!isClubRelated && body.clubId) ctx.addIssue({ code: 'custom', path: ['clubId'], message: c.invalid });
  })
  .transform((body) => ({ ...body, clubId: body.clubId ?? null }));
export type SubscriptionCreateBody = z.infer<typeof subscriptionCreateBodySchema>;

export const subscriptionUpdateBodySchema = z.object({
  isApplicationEnabled: z.boolean({ error: requiredOrInvalid }),
  isEmailEnabled: z.boolean({ error: requiredOrInvalid }),
});
export type SubscriptionUpdateBody = z.infer<typeof subscriptionUpdateBodySchema>;

export const subscriptionParamsSchema = z.object({ personId: uuidValue(), id: uuidValue() });
export const personIdParamSchema = z.object({ personId: uuidValue() });

/** POST notification/stream-ticket: a short-lived, single-use ticket for GET notification/stream. */
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export const streamQuerySchema = z.object({
  ticket: z.string({ error: c.required }).min(1, { error: c.required }).max(2000, { error: c.tooLong }),
});

/** One Server-Sent Event `notification` of GET notification/stream: the new notification. */
export const notificationStreamEventSchema = notificationSchema;
