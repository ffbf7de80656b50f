import sharp, { type Metadata } from 'sharp';
import { AppError } from './errors';

/**
 * The image platform (DESIGN "images"): an upload is judged by its content, never by its name
 * or declared type, and only PNG and JPEG pass (spec 01 §5 "Accepted types are png, jpeg, jpg").
 * Every stored variant is re-encoded from the decoded pixels: turned upright by its EXIF
 * orientation, converted to sRGB, with all metadata (EXIF, GPS, XMP, ICC, comments) left out.
 */

/** Pixel bombs: a few kB of PNG can claim 20000x20000 pixels; we refuse above 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;
const acceptedFormats = new Set(['png', 'jpeg']);

export type StoredFileKind = 'avatar' | 'competence_logo' | 'event_image';

export type VariantSpec = { name: string; width: number; height: number; fit: 'cover' | 'inside' };

export type ImageProfile = {
  kind: StoredFileKind;
  variants: readonly VariantSpec[];
  /** The smallest source accepted (after auto-rotation), if any. */
  minSize?: { width: number; height: number };
};

const square = (name: string, size: number): VariantSpec => ({ name, width: size, height: size, fit: 'cover' });

export const imageProfiles = {
  /** Spec 01 §9: s for small views, l for the zoom; m for tiles and cards. Square cover crops. */
  avatar: { kind: 'avatar', variants: [square('s', 64), square('m', 160), square('l', 512)] },
  /** A logo keeps its proportions and transparency; one variant, never enlarged. */
  competenceLogo: {
    kind: 'competence_logo',
    variants: [{ name: 'l', width: 512, height: 512, fit: 'inside' }],
  },
  /** For the events feature: a tile and a page-wide image; sources from 300x300 px. */
  eventImage: {
    kind: 'event_image',
    variants: [
      { name: 'small', width: 640, height: 640, fit: 'inside' },
      { name: 'large', width: 1920, height: 1920, fit: 'inside' },
    ],
    minSize: { width: 300, height: 300 },
  },
} as const satisfies Record<string, ImageProfile>;

export type ProcessedVariant = { variant: string; mimeType: string; data: Buffer; width: number; height: number };
export type ProcessedImage = {
  kind: StoredFileKind;
  /** The upright source's size. */
  width: number;
  height: number;
  variants: ProcessedVariant[];
};

const VARIANT_MIME_TYPE = 'image/webp';
const sharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

const unsupported = () => new AppError('UnsupportedMediaType', ['error.imageType']);
const tooManyPixels = () =>
  new AppError('BadRequest', [{ key: 'error.imageTooManyPixels', params: { max: MAX_INPUT_PIXELS / 1_000_000 } }]);
const unreadable = () => new AppError('BadRequest', ['error.imageUnreadable']);

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** Reads the header only: the format by content, and the size before anything is decoded. */
async function inspect(input: Buffer) {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, sharpOptions).metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : unsupported();
  }
  if (!acceptedFormats.has(metadata.format)) throw unsupported();
  const { width, height } = metadata;
  if (!width || !height) throw unreadable();
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  // EXIF orientations 5-8 turn the picture by 90 degrees.
  const isTurned = (metadata.orientation ?? 1) >= 5;
  return isTurned ? { width: height, height: width } : { width, height };
}

/**
 * Checks an uploaded image and renders the profile's variants (webp). Refuses with 415 (not a
 * PNG or JPEG), or 400 (too many pixels, damaged or truncated, smaller than the profile allows).
 */
export async function processImage(input: Buffer, profile: ImageProfile): Promise<ProcessedImage> {
  const size = await inspect(input);
  const { minSize } = profile;
  if (minSize && (size.width < minSize.width || size.height < minSize.height)) {
    throw new AppError('BadRequest', [{ key: 'error.imageTooSmall', params: minSize }]);
  }
  const upright = sharp(input, sharpOptions).autoOrient();
  try {
    const variants = await Promise.all(
      profile.variants.map(async (spec) => {
        const { data, info } = await upright
          .clone()
          .resize({
            width: spec.width,
            height: spec.height,
            fit: spec.fit,
            withoutEnlargement: spec.fit === 'inside',
          })
          .webp({ quality: 82, alphaQuality: 90 })
          .toBuffer({ resolveWithObject: true });
        return { variant: spec.name, mimeType: VARIANT_MIME_TYPE, data, width: info.width, height: info.height };
      }),
    );
    return { kind: profile.kind, ...size, variants };
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : unreadable();
  }
}
