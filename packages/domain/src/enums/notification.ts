// Zod-free: the web app's notification bell, part of the signed-in shell, reads it (enum-values.ts).
import { defineEnumValues, isOneOf, type EnumValue } from './enum-values';

/** Spec 01 §3 and spec 02 §3 "Notification type". */
export const NotificationType = {
  EventRegistrationStateChanged: 1,
  EventPublished: 2,
  BookedEventUpdated: 3,
  BookedEventsReminder: 4,
  EventRegistrationDeadlineReminder: 5,
  /** Issue 25: a confirmed membership application waits for the club's managers. */
  MembershipApplicationReceived: 6,
  /** Issue 25: a member asks to leave a club (the club's managers). */
  LeaveRequestReceived: 7,
  /** Issue 25: her leave request was confirmed or declined (to her). */
  LeaveRequestDecided: 8,
  /** Issue 25: a person asks for her account to be erased (the admins). */
  ErasureRequested: 9,
  /** Issue 25: her erasure request was declined, with the reason (to her). */
  ErasureRequestDeclined: 10,
} as const;
export type NotificationType = EnumValue<typeof NotificationType>;

export const notificationTypeEnum = defineEnumValues('notificationType', NotificationType);
export const { values: notificationTypeValues, labelKey: notificationTypeLabelKey } = notificationTypeEnum;

const T = NotificationType;

/** Subscribed per club: a subscription of these types has a clubId. */
export const clubRelatedNotificationTypes = [
  T.EventPublished,
  T.EventRegistrationDeadlineReminder,
  T.MembershipApplicationReceived,
  T.LeaveRequestReceived,
] as const;
export type ClubRelatedNotificationType = (typeof clubRelatedNotificationTypes)[number];
export const isClubRelatedNotificationType = isOneOf(clubRelatedNotificationTypes);

/**
 * About the person's own registrations and requests (issue 25: her leave and erasure requests,
 * the admins' erasure requests): a subscription of these types has clubId null.
 */
export const registrationRelatedNotificationTypes = [
  T.EventRegistrationStateChanged,
  T.BookedEventsReminder,
  T.BookedEventUpdated,
  T.LeaveRequestDecided,
  T.ErasureRequested,
  T.ErasureRequestDeclined,
] as const;
export type RegistrationRelatedNotificationType = (typeof registrationRelatedNotificationTypes)[number];
export const isRegistrationRelatedNotificationType = isOneOf(registrationRelatedNotificationTypes);

/** Spec 01 §3 "Channel". The web app's notification store uses webApp (spec 01 §9). */
export const NotificationChannel = { email: 1, webApp: 2 } as const;
export type NotificationChannel = EnumValue<typeof NotificationChannel>;

export const notificationChannelEnum = defineEnumValues('notificationChannel', NotificationChannel);
export const { values: notificationChannelValues, labelKey: notificationChannelLabelKey } = notificationChannelEnum;
