import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 02 §3 "Event state". */
export const EventState = {
  Planning: 10,
  Published: 15,
  OpenForRegistration: 20,
  Completed: 30,
  Archived: 40,
} as const;
export type EventState = EnumValue<typeof EventState>;
export const eventStateEnum = defineEnum('eventState', EventState);
export const { values: eventStateValues, schema: eventStateSchema, labelKey: eventStateLabelKey } = eventStateEnum;

/** The staff event list's state filter values, all selected by default (spec 02 §2). */
export const staffEventListStates = [
  EventState.Planning,
  EventState.Published,
  EventState.OpenForRegistration,
  EventState.Completed,
] as const;
/** The states in which the public event page can be opened (spec 02 §2, internal event detail). */
export const publicPageEventStates = [
  EventState.Published,
  EventState.OpenForRegistration,
  EventState.Completed,
] as const;

/** Spec 02 §3 "Event registration type", derived from slots and external URL (spec 02 §3, §4). */
export const EventRegistrationType = {
  NoRegistration: 0,
  UnlimitedSlots: 10,
  LimitedSlots: 20,
  ExternalRegistration: 30,
} as const;
export type EventRegistrationType = EnumValue<typeof EventRegistrationType>;
export const eventRegistrationTypeEnum = defineEnum('eventRegistrationType', EventRegistrationType);
export const {
  values: eventRegistrationTypeValues,
  schema: eventRegistrationTypeSchema,
  labelKey: eventRegistrationTypeLabelKey,
} = eventRegistrationTypeEnum;

/** Spec 02 §3 "Registration availability": the mode of the registration, unregistration and external actions. */
export const RegistrationAvailability = { Unavailable: 0, Disabled: 10, Available: 20 } as const;
export type RegistrationAvailability = EnumValue<typeof RegistrationAvailability>;
export const registrationAvailabilityEnum = defineEnum('registrationAvailability', RegistrationAvailability);
export const {
  values: registrationAvailabilityValues,
  schema: registrationAvailabilitySchema,
  labelKey: registrationAvailabilityLabelKey,
} = registrationAvailabilityEnum;

/**
 * Spec 02 §3 "Geocoding status" (event field geoCodingStatus). The spec shows no numbers; ours
 * follow the identically named payment state (docs/decisions/enumerations.md).
 */
export const GeocodingStatus = { Unavailable: 0, Pending: 10, Successful: 20, Failed: 30 } as const;
export type GeocodingStatus = EnumValue<typeof GeocodingStatus>;
export const geocodingStatusEnum = defineEnum('geocodingStatus', GeocodingStatus);
export const {
  values: geocodingStatusValues,
  schema: geocodingStatusSchema,
  labelKey: geocodingStatusLabelKey,
} = geocodingStatusEnum;

/** Spec 02 §3 "Event views" of the public event list (tiles by default). A UI setting, so strings. */
export const EventView = { tiles: 'tiles', list: 'list', map: 'map' } as const;
export type EventView = EnumValue<typeof EventView>;
export const eventViewEnum = defineEnum('eventView', EventView);
export const { values: eventViewValues, schema: eventViewSchema, labelKey: eventViewLabelKey } = eventViewEnum;
export const defaultEventView: EventView = EventView.tiles;
