import {
  EventRegistrationType,
  EventState,
  eventRegistrationTypeSchema,
  eventStateSchema,
} from '@bpw/domain/enums/event';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import {
  REGISTRATION_CONFIRM_HOURS_DEFAULT,
  eventBodySchema,
  type Event,
  type EventBody,
} from '@bpw/domain/schemas/event';
import { homeCountryCode } from '@bpw/domain/postal-address';
import { ValidationCode as c, isoDateTime } from '@bpw/domain/validation';
import { z } from 'zod';

/**
 * The event form's schema: the domain's event model (spec 02 §5), plus what only the form knows,
 * the chosen registration type, whose rules the derived model cannot state: limited slots need a
 * number of slots, an external registration a URL. An empty select or date is "required".
 */
export const eventFormSchema = z
  .object({
    ...eventBodySchema.shape,
    eventFrom: z.string({ error: c.required }).pipe(isoDateTime()),
    responsibleClubId: z
      .string({ error: c.required })
      .min(1, { error: c.required })
      .pipe(z.uuid({ error: c.invalid })),
    registrationType: eventRegistrationTypeSchema,
    eventState: eventStateSchema,
  })
  .superRefine((event, ctx) => {
    if (event.eventTo && Date.parse(event.eventTo) < Date.parse(event.eventFrom)) {
      ctx.addIssue({ code: 'custom', path: ['eventTo'], message: c.invalid });
    }
    if (event.registrationType === EventRegistrationType.LimitedSlots && !event.registrationSlots) {
      ctx.addIssue({ code: 'custom', path: ['registrationSlots'], message: c.required });
    }
    if (event.registrationType === EventRegistrationType.ExternalRegistration && !event.externalRegistrationUrl) {
      ctx.addIssue({ code: 'custom', path: ['externalRegistrationUrl'], message: c.required });
    }
  });

export type EventFormValues = {
  title: string;
  eventCategoryIds: string[];
  contactDetails: string;
  eventFrom: string | null;
  eventTo: string | null;
  registrationType: EventRegistrationType;
  registrationSlots: number | null;
  /** Hours an unconfirmed registration may wait (issue 15); null while the box is empty. */
  registrationConfirmHours: number | null;
  /** Issue 19: a limited event's waiting list and the hours to confirm a place from it. */
  hasWaitingList: boolean;
  waitingListConfirmHours: number | null;
  registrationTo: string | null;
  unregistrationTo: string | null;
  externalRegistrationUrl: string | null;
  defaultLanguageCode: LanguageCode;
  cost: string;
  isRegistrationListPublic: boolean;
  location: string;
  address1: string;
  address2: string;
  street: string;
  zip: string;
  city: string;
  county: string;
  state: string;
  countryCode: string;
  teaserText: string;
  description: string;
  responsibleClubId: string;
  eventState: EventState;
};
export type EventFormOutput = z.output<typeof eventFormSchema>;

/** A new event: no registration, Swiss address, the user's language, planning (spec 02 §3). */
export function newEventValues(responsibleClubId: string, language: LanguageCode): EventFormValues {
  return {
    title: '',
    eventCategoryIds: [],
    contactDetails: '',
    eventFrom: null,
    eventTo: null,
    registrationType: EventRegistrationType.NoRegistration,
    registrationSlots: null,
    registrationConfirmHours: REGISTRATION_CONFIRM_HOURS_DEFAULT,
    hasWaitingList: false,
    waitingListConfirmHours: REGISTRATION_CONFIRM_HOURS_DEFAULT,
    registrationTo: null,
    unregistrationTo: null,
    externalRegistrationUrl: null,
    defaultLanguageCode: language,
    cost: '',
    isRegistrationListPublic: false,
    location: '',
    address1: '',
    address2: '',
    street: '',
    zip: '',
    city: '',
    county: '',
    state: '',
    countryCode: homeCountryCode,
    teaserText: '',
    description: '',
    responsibleClubId,
    eventState: EventState.Planning,
  };
}

/** The form values of a stored event. */
export function eventValues(event: Event): EventFormValues {
  return {
    title: event.title,
    eventCategoryIds: event.eventCategories.map((category) => category.id),
    contactDetails: event.contactDetails ?? '',
    eventFrom: event.eventFrom,
    eventTo: event.eventTo,
    registrationType: registrationTypeOf(event),
    registrationSlots: event.registrationSlots,
    registrationConfirmHours: event.registrationConfirmHours,
    hasWaitingList: event.hasWaitingList,
    waitingListConfirmHours: event.waitingListConfirmHours,
    registrationTo: event.registrationTo,
    unregistrationTo: event.unregistrationTo,
    externalRegistrationUrl: event.externalRegistrationUrl,
    defaultLanguageCode: event.defaultLanguageCode as LanguageCode,
    cost: event.cost ?? '',
    isRegistrationListPublic: event.isRegistrationListPublic,
    location: event.location,
    address1: event.address1 ?? '',
    address2: event.address2 ?? '',
    street: event.street,
    zip: event.zip,
    city: event.city,
    county: event.county ?? '',
    state: event.state ?? '',
    countryCode: event.countryCode,
    teaserText: event.teaserText,
    description: event.description ?? '',
    responsibleClubId: event.responsibleClubId,
    eventState: event.eventState as EventState,
  };
}

/** The request body: the event model without the form's own registration type (and state on create). */
export function eventBodyOf({ registrationType: _type, eventState: _state, ...body }: EventFormOutput): EventBody {
  return body;
}
