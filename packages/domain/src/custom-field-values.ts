import { z } from 'zod';
import { CustomFieldMode, CustomFieldType } from './enums/custom-field';
import { ValidationCode, isIsoDateInRange } from './validation';

/**
 * Spec 02 §5 "Custom field value input": values checked by type, a required-mode field required
 * unless soft validation is on, an option value one of the options; §6: a field whose mode is
 * hidden for the audience is not shown (and, ours, not accepted either).
 */
export type CustomFieldAudience = 'guest' | 'member';

export type CustomFieldDefinition = {
  id: string;
  eventCustomFieldType: number;
  title: string;
  eventCustomFieldModeMember: number;
  eventCustomFieldModeGuest: number;
  eventCustomFieldOptions: readonly { value: string }[];
};

export type CustomFieldValueInput = { eventCustomFieldId: string; value?: string | null };
export type CheckedCustomFieldValue = { eventCustomFieldId: string; value: string };
/** `field` is the custom field's title (or `eventCustomFieldValues` for a value of no field). */
export type CustomFieldValueIssue = { field: string; code: ValidationCode };

export const modeFor = (field: CustomFieldDefinition, audience: CustomFieldAudience): number =>
  audience === 'member' ? field.eventCustomFieldModeMember : field.eventCustomFieldModeGuest;

/** The fields an audience sees on the registration form. */
export const visibleFieldsFor = <F extends CustomFieldDefinition>(
  fields: readonly F[],
  audience: CustomFieldAudience,
) => fields.filter((field) => modeFor(field, audience) !== CustomFieldMode.hidden);

const c = ValidationCode;
const numberPattern = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;
const emailSchema = z.email();

/**
 * The stored text of a non-empty value of this type, or the code of the type's message.
 * Normalises: a number with a decimal comma gets a point, an e-mail is trimmed, an option keeps
 * the option's exact text.
 */
export function normalizeCustomFieldValue(
  field: CustomFieldDefinition,
  raw: string,
): { value: string } | { code: ValidationCode } {
  const value = raw.trim();
  switch (field.eventCustomFieldType) {
    case CustomFieldType.date:
      return isIsoDateInRange(value) ? { value } : { code: c.date };
    case CustomFieldType.email:
      return emailSchema.safeParse(value).success ? { value } : { code: c.email };
    case CustomFieldType.number:
      return numberPattern.test(value) && value.length <= 30 ? { value: value.replace(',', '.') } : { code: c.number };
    case CustomFieldType.boolean:
      return value === 'true' || value === 'false' ? { value } : { code: c.boolean };
    case CustomFieldType.option: {
      const option = field.eventCustomFieldOptions.find((o) => o.value.trim() === value);
      return option ? { value: option.value } : { code: c.invalid };
    }
    default:
      return { value };
  }
}

export type CheckOptions =
  /** The public registration: only the audience's visible fields, required ones enforced. */
  | { audience: CustomFieldAudience; isSoft?: false }
  /** Staff editing a registration: every field of the event, type checks only (soft validation). */
  | { audience: 'staff'; isSoft: true };

/**
 * Checks the values sent for an event's fields. Answers the values to store (empty ones left
 * out) and the issues; a value for a field of another event, a hidden field or a field given
 * twice is an issue of `eventCustomFieldValues`.
 */
export function checkCustomFieldValues(
  fields: readonly CustomFieldDefinition[],
  values: readonly CustomFieldValueInput[],
  options: CheckOptions,
): { values: CheckedCustomFieldValue[]; issues: CustomFieldValueIssue[] } {
  const accepted = options.audience === 'staff' ? fields : visibleFieldsFor(fields, options.audience);
  const byId = new Map(accepted.map((field) => [field.id, field]));
  const issues: CustomFieldValueIssue[] = [];
  const checked: CheckedCustomFieldValue[] = [];
  const given = new Set<string>();
  const invalid = new Set<string>();
  let hasStrayValue = false;

  for (const input of values) {
    const field = byId.get(input.eventCustomFieldId);
    if (!field || given.has(field.id)) {
      hasStrayValue = true;
      continue;
    }
    given.add(field.id);
    const raw = input.value ?? '';
    if (raw.trim() === '') continue;
    const result = normalizeCustomFieldValue(field, raw);
    if ('code' in result) {
      issues.push({ field: field.title, code: result.code });
      invalid.add(field.id);
    } else checked.push({ eventCustomFieldId: field.id, value: result.value });
  }
  if (hasStrayValue) issues.push({ field: 'eventCustomFieldValues', code: c.invalid });

  if (options.audience !== 'staff') {
    const answered = new Set(checked.map((v) => v.eventCustomFieldId));
    for (const field of accepted) {
      const isRequired = modeFor(field, options.audience) === CustomFieldMode.required;
      if (isRequired && !answered.has(field.id) && !invalid.has(field.id))
        issues.push({ field: field.title, code: c.required });
    }
  }
  return { values: checked, issues };
}
