import { ValidationCode, strongPassword } from '@bpw/domain/validation';
import { z } from 'zod';

const c = ValidationCode;

// The login and forgot-password forms live in the login page of its own (src/login, issue 8),
// which checks them without zod.

/** New password with the password rule, and the same again ("The passwords do not match"). */
export const setPasswordSchema = z
  .object({ password: strongPassword(), repeat: z.string().min(1, { error: c.required }) })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], error: c.passwordsDiffer });
export type SetPasswordValues = z.input<typeof setPasswordSchema>;
