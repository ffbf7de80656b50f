import { z } from 'zod';
import { AvatarSize } from '../enums/avatar-size';
import { ValidationCode } from '../validation';

/** Images of persons and addresses (spec 01 §7 "Avatar", "Addresses"; §9 "Avatars"). */
const c = ValidationCode;

/** The multipart form fields of the uploads (spec 01 §7). */
export const avatarUploadField = 'Avatar';
export const competenceLogoUploadField = 'CompetenceLogo';

/** The stored avatar variants: s (64 px) for lists, m (160 px) for tiles, l (512 px) for the zoom. */
export const avatarSizeNames = ['s', 'm', 'l'] as const;
export type AvatarSizeName = (typeof avatarSizeNames)[number];

const sizeByEnumValue: Record<string, AvatarSizeName> = {
  [AvatarSize.s]: 's',
  [AvatarSize.m]: 'm',
  [AvatarSize.l]: 'l',
};

/** `cache`: the image id the URL was built with; when it is the current one the answer is cacheable for good. */
const cacheKey = () => z.string().max(100, { error: c.tooLong }).optional();

/** GET person/{id}/avatar?size=s|m|l&cache=<avatarId>; the size also as the AvatarSize value (10, 20, 30). */
export const avatarQuerySchema = z.object({
  size: z.preprocess(
    (v) => (typeof v === 'string' ? (sizeByEnumValue[v] ?? v) : v),
    z.enum(avatarSizeNames, { error: c.invalid }).default('m'),
  ),
  cache: cacheKey(),
});
export type AvatarQuery = z.infer<typeof avatarQuerySchema>;

/** GET person/{id}/address/{addressId}/competence-logo?cache=<competenceLogoId>. */
export const competenceLogoQuerySchema = z.object({ cache: cacheKey() });

/** An upload answers the new image's id (avatarId or competenceLogoId). */
export const uploadedImageSchema = z.object({ id: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The URL of an avatar; `avatarId` makes it cacheable for good (spec 01 §7). */
export const avatarUrl = (personId: string, avatarId: string, size: AvatarSizeName = 'm') =>
  `/api/v1/person/${personId}/avatar?size=${size}&cache=${avatarId}`;
