import {
  modeFor,
  normalizeCustomFieldValue,
  visibleFieldsFor,
  type CustomFieldAudience,
} from '@bpw/domain/custom-field-values';
import { CustomFieldMode } from '@bpw/domain/enums/custom-field';
import { homeCountryCode } from '@bpw/domain/postal-address';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import { publicRegistrationBodySchema, type PublicRegistrationBody } from '@bpw/domain/schemas/event-registration';
import { ValidationCode } from '@bpw/domain/validation';
import { z } from 'zod';
import type { RegistrantProfile } from './api/get-registrant-profile';

/**
 * The public registration form (spec 02 §2 "Registration page", §5): the registrant fields of the
 * API's schema, and one text per visible custom field, checked by the domain's value rules so
 * the form refuses what the server would.
 */
export interface RegistrationFormValues {
  firstname: string;
  lastname: string;
  email: string;
  street: string;
  zip: string;
  city: string;
  countryCode: string | null;
  remarks: string;
  /** Custom field id -> the value as text ('' for none). */
  customValues: Record<string, string>;
}

const registrantSchema = publicRegistrationBodySchema.omit({ eventCustomFieldValues: true });

export function registrationFormSchema(fields: readonly EventCustomField[], audience: CustomFieldAudience) {
  const visible = visibleFieldsFor(fields, audience);
  return registrantSchema.extend({ customValues: z.record(z.string(), z.string()) }).superRefine((values, ctx) => {
    for (const field of visible) {
      const raw = values.customValues[field.id] ?? '';
      const path = ['customValues', field.id];
      if (raw.trim() === '') {
        if (modeFor(field, audience) === CustomFieldMode.required) {
          ctx.addIssue({ code: 'custom', path, message: ValidationCode.required });
        }
        continue;
      }
      const result = normalizeCustomFieldValue(field, raw);
      if ('code' in result) ctx.addIssue({ code: 'custom', path, message: result.code });
    }
  });
}

export function emptyRegistrationValues(
  fields: readonly EventCustomField[],
  audience: CustomFieldAudience,
  profile: RegistrantProfile | null,
): RegistrationFormValues {
  return {
    firstname: profile?.firstname ?? '',
    lastname: profile?.lastname ?? '',
    email: profile?.email ?? '',
    street: profile?.street ?? '',
    zip: profile?.zip ?? '',
    city: profile?.city ?? '',
    // Spec 02 §9: the default country is CH.
    countryCode: profile?.countryCode ?? homeCountryCode,
    remarks: '',
    customValues: Object.fromEntries(visibleFieldsFor(fields, audience).map((field) => [field.id, ''])),
  };
}

export type RegistrationFormOutput = z.output<ReturnType<typeof registrationFormSchema>>;

/** The POST body: the checked registrant fields and the non-empty custom values. */
export function toRegistrationBody(values: RegistrationFormOutput): PublicRegistrationBody {
  const { customValues, ...registrant } = values;
  return {
    ...registrant,
    eventCustomFieldValues: Object.entries(customValues)
      .filter(([, value]) => value.trim() !== '')
      .map(([eventCustomFieldId, value]) => ({ eventCustomFieldId, value })),
  };
}
