import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 02 §3 "Publication state" (field eventPublicationState). */
export const PublicationState = { Invited: 10, Confirmed: 20, Rejected: 30 } as const;
export type PublicationState = EnumValue<typeof PublicationState>;

export const publicationStateEnum = defineEnum('publicationState', PublicationState);
export const {
  values: publicationStateValues,
  schema: publicationStateSchema,
  labelKey: publicationStateLabelKey,
} = publicationStateEnum;
