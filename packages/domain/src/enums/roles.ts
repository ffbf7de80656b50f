// Zod-free, like membership-type.ts and export-format.ts: the permission rules read these
// (enum-values.ts).
import { defineEnumValues, isOneOf, type EnumValue } from './enum-values';

/** Spec 01 §3 "Permissions": the token's `permissions` claim holds these names. */
export const Permission = { SuperAdmin: 'SuperAdmin', Admin: 'Admin' } as const;
export type Permission = EnumValue<typeof Permission>;
export const permissionEnum = defineEnumValues('permission', Permission);
export const { values: permissionValues, labelKey: permissionLabelKey } = permissionEnum;

/**
 * Spec 01 §3 "Roles" plus the two roles spec 01 §6 derives from club relations (clubManager,
 * member). The token's `roles` claim holds these names.
 */
export const Role = {
  SuperAdmin: 'SuperAdmin',
  Admin: 'Admin',
  CentralExecutiveCommittee: 'CentralExecutiveCommittee',
  eventManager: 'eventManager',
  clubManager: 'clubManager',
  member: 'member',
} as const;
export type Role = EnumValue<typeof Role>;
export const roleEnum = defineEnumValues('role', Role);
export const { values: roleValues, labelKey: roleLabelKey } = roleEnum;

/**
 * Granted by the relations active today (DESIGN "Data rules"): database (120) -> clubManager,
 * responsibleEvents (270) -> eventManager, a member type (0-3) -> member. Never stored.
 */
export const derivedRoles = [Role.eventManager, Role.clubManager, Role.member] as const;
export const isDerivedRole = isOneOf(derivedRoles);
/** Stored on the person; an admin counts as central committee too (spec 01 §6). */
export const storedRoles = [Role.SuperAdmin, Role.Admin, Role.CentralExecutiveCommittee] as const;
export const isStoredRole = isOneOf(storedRoles);
