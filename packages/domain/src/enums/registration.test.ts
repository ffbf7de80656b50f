import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { activeRegistrationStates, paymentStateEnum, paymentStatusEnum, registrationStateEnum } from './registration';

describe('registration enums', () => {
  it('has the registration states of spec 02 §3, with Rejected at 40, and Waiting (issue 19)', () => {
    expectEnumToMatchSpec(registrationStateEnum, {
      Pending: 10,
      Waiting: 20,
      Confirmed: 30,
      Rejected: 40,
      Unregistered: 50,
    });
  });

  it('counts Pending and Confirmed registrations as active (spec 02 §4)', () => {
    expect(activeRegistrationStates).toEqual([10, 30]);
  });

  it('has the payment states of spec 02 §3', () => {
    expectEnumToMatchSpec(paymentStateEnum, { Unavailable: 0, Pending: 10, Successful: 20, Failed: 30 });
  });

  it('has the payment statuses of spec 02 §3', () => {
    expectEnumToMatchSpec(paymentStatusEnum, { Unpaid: 10, Paid: 20 });
  });
});
