import { validationCodes, validationMessageKey, type ValidationCode } from '@bpw/domain/validation';
import type { TFunction } from 'i18next';

const isValidationCode = (value: string): value is ValidationCode =>
  (validationCodes as readonly string[]).includes(value);

/**
 * The domain's schemas carry a validation code as their message ("required", "email", ...); the
 * form translates it with the field label at render time, so the text is the server's and a
 * language switch re-translates errors already shown (spec 01 §5: "{field} must not be empty.").
 * Any other message is taken as an i18n key.
 */
export function translateFieldError(t: TFunction, message: string | undefined, label: string): string | undefined {
  if (!message) return undefined;
  return t(isValidationCode(message) ? validationMessageKey(message) : message, { field: label });
}
