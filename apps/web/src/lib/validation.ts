import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * Zod messages are i18n keys; the form translates them with the field label at render time,
 * so a language switch re-translates errors already shown (spec 01 §5: "{field} must not be empty.").
 */
export const messageKeys = {
  required: 'validation.required',
  email: 'validation.email',
  invalid: 'validation.invalid',
  passwordsDoNotMatch: 'auth.passwordsDoNotMatch',
} as const;

/** At least 8 characters with a lowercase letter, an uppercase letter and a digit (spec 01 §5). */
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export const requiredText = () => z.string().trim().min(1, { error: messageKeys.required });

export const emailText = () => requiredText().pipe(z.email({ error: messageKeys.email }));

export const strongPassword = () =>
  z.string().min(1, { error: messageKeys.required }).regex(passwordPattern, { error: messageKeys.invalid });

export function translateFieldError(t: TFunction, message: string | undefined, label: string): string | undefined {
  return message ? t(message, { field: label }) : undefined;
}
