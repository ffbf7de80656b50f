// Zod-free (enum-values.ts): the permission rules read it, and they are in the signed-in shell.
import { defineEnumValues, type EnumValue } from './enum-values';

/** Spec 01 §3 "Entity active state" (the person's state chip, the States filter). */
export const EntityState = { Active: 0, Archived: 90 } as const;
export type EntityState = EnumValue<typeof EntityState>;

export const entityStateEnum = defineEnumValues('entityState', EntityState);
export const { values: entityStateValues, labelKey: entityStateLabelKey } = entityStateEnum;
