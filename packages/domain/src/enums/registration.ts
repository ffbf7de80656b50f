import { defineEnum, type EnumValue } from './enum-helpers';

/**
 * Spec 02 §3 "Registration state" (field eventRegistrationState). Rejected has no value in the
 * spec ("another reading lists Rejected"); 40 is ours (docs/decisions/enumerations.md). Waiting
 * (20, issue 19) is a registration on the event's waiting list: it holds no slot.
 */
export const RegistrationState = { Pending: 10, Waiting: 20, Confirmed: 30, Rejected: 40, Unregistered: 50 } as const;
export type RegistrationState = EnumValue<typeof RegistrationState>;
export const registrationStateEnum = defineEnum('registrationState', RegistrationState);
export const {
  values: registrationStateValues,
  schema: registrationStateSchema,
  labelKey: registrationStateLabelKey,
} = registrationStateEnum;

/** A registration in these states is active: it holds a slot and blocks a second registration (spec 02 §4). */
export const activeRegistrationStates = [RegistrationState.Pending, RegistrationState.Confirmed] as const;

/** Active or on the waiting list: one such registration per e-mail and member (issue 19). */
export const currentRegistrationStates = [
  RegistrationState.Pending,
  RegistrationState.Waiting,
  RegistrationState.Confirmed,
] as const;

/** Spec 02 §3 "Payment state": the outcome of a payment. */
export const PaymentState = { Unavailable: 0, Pending: 10, Successful: 20, Failed: 30 } as const;
export type PaymentState = EnumValue<typeof PaymentState>;
export const paymentStateEnum = defineEnum('paymentState', PaymentState);
export const {
  values: paymentStateValues,
  schema: paymentStateSchema,
  labelKey: paymentStateLabelKey,
} = paymentStateEnum;

/** Spec 02 §3 "Payment status": what staff set on a registration (Paid in success colour, else error). */
export const PaymentStatus = { Unpaid: 10, Paid: 20 } as const;
export type PaymentStatus = EnumValue<typeof PaymentStatus>;
export const paymentStatusEnum = defineEnum('paymentStatus', PaymentStatus);
export const {
  values: paymentStatusValues,
  schema: paymentStatusSchema,
  labelKey: paymentStatusLabelKey,
} = paymentStatusEnum;
