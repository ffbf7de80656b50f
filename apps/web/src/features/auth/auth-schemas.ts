import { ValidationCode, emailAddress, strongPassword } from '@bpw/domain/validation';
import { z } from 'zod';

const c = ValidationCode;

/** Login (spec 01 §5): a valid e-mail, a password without strength rule, the terms accepted. */
export const loginSchema = z.object({
  username: emailAddress(),
  password: z.string().min(1, { error: c.required }),
  acceptedTerms: z.boolean().refine((isAccepted) => isAccepted, { error: c.required }),
});
export type LoginValues = z.input<typeof loginSchema>;

/** Sending a new password needs a valid e-mail. */
export const forgotPasswordSchema = z.object({ email: emailAddress() });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

/** New password with the password rule, and the same again ("The passwords do not match"). */
export const setPasswordSchema = z
  .object({ password: strongPassword(), repeat: z.string().min(1, { error: c.required }) })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], error: c.passwordsDiffer });
export type SetPasswordValues = z.input<typeof setPasswordSchema>;
