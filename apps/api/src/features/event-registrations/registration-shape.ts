import type { EventRegistration, PublicRegistrationBody } from '@bpw/domain/schemas/event-registration';
import type { RegistrantValues } from './registration-writes.queries';
import type { RegistrationRecord } from './registration-reads.queries';

/** The API shape of a registration: without the internal language and club columns. */
export function toApiRegistration(record: RegistrationRecord): EventRegistration {
  const { languageCode: _language, responsibleClubId: _club, ...registration } = record;
  return registration;
}

/** The registrant columns of a body: optional texts left out become null. */
export const registrantValuesOf = (body: PublicRegistrationBody): RegistrantValues => ({
  firstname: body.firstname,
  lastname: body.lastname,
  email: body.email,
  address1: body.address1 ?? null,
  address2: body.address2 ?? null,
  street: body.street,
  zip: body.zip,
  city: body.city,
  county: body.county ?? null,
  state: body.state ?? null,
  countryCode: body.countryCode ?? null,
  remarks: body.remarks ?? null,
});
