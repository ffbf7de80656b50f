import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 01 §3 "Entity active state" (the person's state chip, the States filter). */
export const EntityState = { Active: 0, Archived: 90 } as const;
export type EntityState = EnumValue<typeof EntityState>;

export const entityStateEnum = defineEnum('entityState', EntityState);
export const { values: entityStateValues, schema: entityStateSchema, labelKey: entityStateLabelKey } = entityStateEnum;
