// Zod-free, like roles.ts and export-format.ts: the permission rules read these (enum-values.ts).
import { defineEnumValues, isOneOf, type EnumValue } from './enum-values';

/** Spec 01 §3 "Membership type": the `type` of a club-person relation. */
export const MembershipType = {
  // the member types
  single: 0,
  singleNoFee: 1,
  collective: 2,
  company: 3,
  // the board
  board: 100,
  president: 110,
  database: 120, // gives the club manager role (spec 01 §6)
  finance: 130,
  // the responsibles
  responsibleMembers: 200,
  responsibleYoungBpw: 210,
  responsibleBpwPlus: 220,
  responsibleEpd: 230, // Equal Pay Day
  responsibleWeb: 240,
  responsibleProgram: 250,
  responsibleMentoring: 260,
  responsibleEvents: 270, // gives the event manager role (spec 01 §6)
  // externals
  interested: 300,
  speaker: 400,
  other: 500, // the only type with a free membershipTypeLabel
} as const;
export type MembershipType = EnumValue<typeof MembershipType>;

export const membershipTypeEnum = defineEnumValues('membershipType', MembershipType);
export const { values: membershipTypeValues, labelKey: membershipTypeLabelKey } = membershipTypeEnum;

const T = MembershipType;

/** An active relation of one of these types makes the person a member of the club (role member). */
export const memberTypes = [T.single, T.singleNoFee, T.collective, T.company] as const;
export type MemberType = (typeof memberTypes)[number];
export const isMemberType = isOneOf(memberTypes);

/** "Types counted as external" (spec 01 §3). Note that collective and company are member types too. */
export const externalTypes = [T.interested, T.speaker, T.other, T.company, T.collective] as const;
export type ExternalType = (typeof externalTypes)[number];
export const isExternalType = isOneOf(externalTypes);

/** The types offered when creating a person, in the spec's order. */
export const typesOfferedOnCreate = [T.interested, T.single, T.company, T.collective, T.speaker, T.other] as const;
export type TypeOfferedOnCreate = (typeof typesOfferedOnCreate)[number];

/** The board functions 100-130 (board, president, database, finance). Not part of `responsibleTypes`. */
export const boardTypes = [T.board, T.president, T.database, T.finance] as const;
export type BoardType = (typeof boardTypes)[number];
export const isBoardType = isOneOf(boardTypes);

/** The responsibles 200-270 only; the board functions 100-130 are in `boardTypes`. */
export const responsibleTypes = [
  T.responsibleMembers,
  T.responsibleYoungBpw,
  T.responsibleBpwPlus,
  T.responsibleEpd,
  T.responsibleWeb,
  T.responsibleProgram,
  T.responsibleMentoring,
  T.responsibleEvents,
] as const;
export type ResponsibleType = (typeof responsibleTypes)[number];
export const isResponsibleType = isOneOf(responsibleTypes);

/** An active relation of this type makes the person club manager of that club (spec 01 §6). */
export const clubManagerType = T.database;
/** An active relation of this type makes the person event manager of that club (spec 01 §6). */
export const eventManagerType = T.responsibleEvents;
/** The only type whose relation carries a free-text membershipTypeLabel (required for it). */
export const typeWithLabel = T.other;
