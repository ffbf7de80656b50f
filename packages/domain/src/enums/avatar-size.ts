import { defineEnum, type EnumValue } from './enum-helpers';

/** Spec 01 §3 "Avatar sizes". s is the small view, l the zoom (spec 01 §9). */
export const AvatarSize = { orig: 0, s: 10, m: 20, l: 30 } as const;
export type AvatarSize = EnumValue<typeof AvatarSize>;

export const avatarSizeEnum = defineEnum('avatarSize', AvatarSize);
export const { values: avatarSizeValues, schema: avatarSizeSchema, labelKey: avatarSizeLabelKey } = avatarSizeEnum;
