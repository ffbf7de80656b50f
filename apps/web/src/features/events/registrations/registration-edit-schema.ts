import { normalizeCustomFieldValue, type CustomFieldDefinition } from '@bpw/domain/custom-field-values';
import {
  registrationUpdateBodySchema,
  type EventRegistration,
  type RegistrationUpdateBody,
} from '@bpw/domain/schemas/event-registration';
import { z } from 'zod';

/**
 * The staff's registration form (spec 02 §5 "Registration update"): firstname, lastname, street,
 * city, zip and a valid email required, the other fields free, as in the API's schema; every custom
 * field of the event can be filled, checked by type only ("soft": staff may leave a required
 * field empty, as the server does).
 */
export interface RegistrationEditValues {
  firstname: string;
  lastname: string;
  email: string;
  address1: string;
  address2: string;
  street: string;
  zip: string;
  city: string;
  county: string;
  state: string;
  countryCode: string | null;
  remarks: string;
  /** Custom field id -> the value as text ('' for none). */
  customValues: Record<string, string>;
}

const registrantSchema = registrationUpdateBodySchema.omit({ eventCustomFieldValues: true });

export function registrationEditSchema(fields: readonly CustomFieldDefinition[]) {
  return registrantSchema.extend({ customValues: z.record(z.string(), z.string()) }).superRefine((values, ctx) => {
    for (const field of fields) {
      const raw = values.customValues[field.id] ?? '';
      if (raw.trim() === '') continue;
      const result = normalizeCustomFieldValue(field, raw);
      if ('code' in result) ctx.addIssue({ code: 'custom', path: ['customValues', field.id], message: result.code });
    }
  });
}
export type RegistrationEditOutput = z.output<ReturnType<typeof registrationEditSchema>>;

export function registrationEditValues(
  registration: EventRegistration,
  fields: readonly { id: string }[],
): RegistrationEditValues {
  const valueOf = (fieldId: string) =>
    registration.eventCustomFieldValues.find((value) => value.eventCustomFieldId === fieldId)?.value ?? '';
  return {
    firstname: registration.firstname,
    lastname: registration.lastname,
    email: registration.email,
    address1: registration.address1 ?? '',
    address2: registration.address2 ?? '',
    street: registration.street ?? '',
    zip: registration.zip ?? '',
    city: registration.city ?? '',
    county: registration.county ?? '',
    state: registration.state ?? '',
    countryCode: registration.countryCode,
    remarks: registration.remarks ?? '',
    customValues: Object.fromEntries(fields.map((field) => [field.id, valueOf(field.id)])),
  };
}

/** The PUT body: the checked fields and the non-empty custom values (an empty one is removed). */
export function toRegistrationUpdateBody(values: RegistrationEditOutput): RegistrationUpdateBody {
  const { customValues, ...registrant } = values;
  return {
    ...registrant,
    eventCustomFieldValues: Object.entries(customValues)
      .filter(([, value]) => value.trim() !== '')
      .map(([eventCustomFieldId, value]) => ({ eventCustomFieldId, value })),
  };
}
