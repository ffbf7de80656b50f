import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import {
  defaultEventView,
  eventRegistrationTypeEnum,
  eventStateEnum,
  eventViewEnum,
  geocodingStatusEnum,
  publicPageEventStates,
  registrationAvailabilityEnum,
  staffEventListStates,
} from './event';

describe('event enums', () => {
  it('has the event states of spec 02 §3', () => {
    expectEnumToMatchSpec(eventStateEnum, {
      Planning: 10,
      Published: 15,
      OpenForRegistration: 20,
      Completed: 30,
      Archived: 40,
    });
  });

  it('lists the staff filter states and the states with a public page (spec 02 §2)', () => {
    // Planning, Published, OpenForRegistration, Completed
    expect(staffEventListStates).toEqual([10, 15, 20, 30]);
    // Published, OpenForRegistration, Completed
    expect(publicPageEventStates).toEqual([15, 20, 30]);
  });

  it('has the registration types of spec 02 §3', () => {
    expectEnumToMatchSpec(eventRegistrationTypeEnum, {
      NoRegistration: 0,
      UnlimitedSlots: 10,
      LimitedSlots: 20,
      ExternalRegistration: 30,
    });
  });

  it('has the registration availabilities of spec 02 §3', () => {
    expectEnumToMatchSpec(registrationAvailabilityEnum, { Unavailable: 0, Disabled: 10, Available: 20 });
  });

  it('numbers the geocoding statuses like the payment states', () => {
    expectEnumToMatchSpec(geocodingStatusEnum, { Unavailable: 0, Pending: 10, Successful: 20, Failed: 30 });
  });

  it('has the event views of spec 02 §3, tiles by default', () => {
    expectEnumToMatchSpec(eventViewEnum, { tiles: 'tiles', list: 'list', map: 'map' });
    expect(defaultEventView).toBe('tiles');
  });
});
