import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpegWithExif, makePixelBombPng, makePng } from '../../test/uploads';
import { AppError } from './errors';
import { imageProfiles, MAX_INPUT_PIXELS, processImage } from './images';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, messages } = error as AppError;
  return { code, keys: messages.map((m) => m.key) };
};

describe('processImage', () => {
  it('renders the avatar as square webp variants of 64, 160 and 512 pixels', async () => {
    const image = await processImage(await makePng(800, 600), imageProfiles.avatar);
    expect(image).toMatchObject({ kind: 'avatar', width: 800, height: 600 });
    const sizes = await Promise.all(
      image.variants.map(async (v) => {
        const meta = await sharp(v.data).metadata();
        return [v.variant, v.mimeType, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['s', 'image/webp', 'webp', 64, 64],
      ['m', 'image/webp', 'webp', 160, 160],
      ['l', 'image/webp', 'webp', 512, 512],
    ]);
  });

  it('accepts a JPEG and leaves out every piece of its metadata', async () => {
    const input = await makeJpegWithExif();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('SecretCam');
    const image = await processImage(input, imageProfiles.avatar);
    for (const variant of image.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif, variant.variant).toBeUndefined();
      expect(meta.xmp, variant.variant).toBeUndefined();
      expect(meta.icc, variant.variant).toBeUndefined();
      expect(meta.orientation, variant.variant).toBeUndefined();
      expect(variant.data.toString('latin1')).not.toContain('SecretCam');
      expect(variant.data.toString('latin1')).not.toContain('Anna Muster');
    }
  });

  it('turns a picture upright by its EXIF orientation', async () => {
    // Orientation 6: stored 800x600, shown turned by 90 degrees as 600x800.
    const image = await processImage(await makeJpegWithExif(800, 600, 6), imageProfiles.competenceLogo);
    expect([image.width, image.height]).toEqual([600, 800]);
    const meta = await sharp(image.variants[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([384, 512]);
  });

  it('keeps a logo in its proportions and transparency, and never enlarges it', async () => {
    const transparent = await makePng(200, 100, 'rgba(0,0,0,0)');
    const image = await processImage(transparent, imageProfiles.competenceLogo);
    expect(image.variants.map((v) => v.variant)).toEqual(['l']);
    const meta = await sharp(image.variants[0]!.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([200, 100, true]);
  });

  it('renders event images small and large and refuses sources under 300x300', async () => {
    const image = await processImage(await makePng(2400, 1200), imageProfiles.eventImage);
    expect(image.variants.map((v) => [v.variant, v.width, v.height])).toEqual([
      ['small', 640, 320],
      ['large', 1920, 960],
    ]);
    expect(await refusal(processImage(await makePng(299, 800), imageProfiles.eventImage))).toEqual({
      code: 'BadRequest',
      keys: ['error.imageTooSmall'],
    });
  });

  it('judges by content: HTML, SVG, GIF and WebP are refused with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const webp = await sharp(await makePng(10, 10))
      .webp()
      .toBuffer();
    for (const input of [Buffer.from('<html><body>not an image</body></html>'), svg, gif, webp, Buffer.alloc(0)]) {
      expect(await refusal(processImage(input, imageProfiles.avatar))).toEqual({
        code: 'UnsupportedMediaType',
        keys: ['error.imageType'],
      });
    }
  });

  it('refuses truncated PNG and JPEG files as unreadable', async () => {
    const png = await makePng(400, 400, '#123456');
    const noisy = await sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .jpeg()
      .toBuffer();
    for (const input of [
      png.subarray(0, Math.floor(png.length / 2)),
      noisy.subarray(0, Math.floor(noisy.length / 2)),
    ]) {
      expect(await refusal(processImage(input, imageProfiles.avatar))).toEqual({
        code: 'BadRequest',
        keys: ['error.imageUnreadable'],
      });
    }
  });

  it(`refuses a pixel bomb (20000x20000) above ${MAX_INPUT_PIXELS / 1e6} megapixels without decoding it`, async () => {
    const bomb = await makePixelBombPng();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    expect(await refusal(processImage(bomb, imageProfiles.avatar))).toEqual({
      code: 'BadRequest',
      keys: ['error.imageTooManyPixels'],
    });
    // Decoding would take 400 MB; the header check takes nothing worth measuring.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});
