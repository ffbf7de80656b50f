import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import {
  clubRelatedNotificationTypes,
  isClubRelatedNotificationType,
  isRegistrationRelatedNotificationType,
  notificationChannelEnum,
  notificationTypeEnum,
  registrationRelatedNotificationTypes,
} from './notification';

describe('notification enums', () => {
  it('has the notification types of spec 01 §3 and spec 02 §3', () => {
    expectEnumToMatchSpec(notificationTypeEnum, {
      EventRegistrationStateChanged: 1,
      EventPublished: 2,
      BookedEventUpdated: 3,
      BookedEventsReminder: 4,
      EventRegistrationDeadlineReminder: 5,
      MembershipApplicationReceived: 6,
      LeaveRequestReceived: 7,
      LeaveRequestDecided: 8,
      ErasureRequested: 9,
      ErasureRequestDeclined: 10,
    });
  });

  it('has the channels of spec 01 §3', () => {
    expectEnumToMatchSpec(notificationChannelEnum, { email: 1, webApp: 2 });
  });

  it('splits the types into club-related and registration-related ones', () => {
    // EventPublished, EventRegistrationDeadlineReminder, MembershipApplicationReceived, LeaveRequestReceived
    expect(clubRelatedNotificationTypes).toEqual([2, 5, 6, 7]);
    // EventRegistrationStateChanged, BookedEventsReminder, BookedEventUpdated, and issue 25's own requests
    expect(registrationRelatedNotificationTypes).toEqual([1, 4, 3, 8, 9, 10]);
    for (const type of notificationTypeEnum.values) {
      expect(isClubRelatedNotificationType(type)).not.toBe(isRegistrationRelatedNotificationType(type));
    }
  });
});
