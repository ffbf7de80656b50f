import zlib from 'node:zlib';
import sharp from 'sharp';
import { makeJpegWithExif, makePixelBombPng } from '../uploads';

/**
 * Thirty-odd hostile uploads. `refuse`: the upload must be refused (400, 413 or 415) and leave
 * nothing behind. `reencode`: a real PNG or JPEG that is taken, but only as freshly encoded
 * webp variants, so `marker` (script, HTML, EXIF, the file name) never reaches storage.
 */
export type HostileFile = {
  name: string;
  filename: string;
  contentType: string;
  data: () => Promise<Buffer>;
  /** `either`: refusing and re-encoding are both right (only the rules of each must hold). */
  expect: 'refuse' | 'reencode' | 'either';
  /** Bytes or text that must not be in what is stored. */
  marker?: string;
  /** The multipart body is built by hand: a different field, two files, a broken body. */
  raw?: 'wrongField' | 'twoFiles' | 'unterminated';
};

export const UPLOAD_LIMIT = 10 * 1024 * 1024;
const SIZE = 400; // above the event image's 300 x 300 minimum

const png = (width = SIZE, height = SIZE) =>
  sharp({ create: { width, height, channels: 4, background: '#c0ffee' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
const other = (format: 'gif' | 'webp' | 'tiff' | 'avif') =>
  sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: '#993366' } })
    .toFormat(format)
    .toBuffer();

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A PNG with one more chunk right after IHDR (signature 8 bytes + IHDR 25 bytes). */
const withChunk = async (type: string, data: Buffer) => {
  const image = await png();
  return Buffer.concat([image.subarray(0, 33), chunk(type, data), image.subarray(33)]);
};
/** A JPEG with a COM (comment) segment right after SOI. */
const jpegWithComment = async (comment: string) => {
  const image = await jpeg();
  const text = Buffer.from(comment);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, image.subarray(2)]);
};
/** A JPEG whose frame header (SOF0) claims width x height. */
const jpegClaiming = async (width: number, height: number) => {
  const image = Buffer.from(await jpeg());
  const sof = image.findIndex((byte, i) => byte === 0xff && (image[i + 1] === 0xc0 || image[i + 1] === 0xc2));
  image.writeUInt16BE(height, sof + 5);
  image.writeUInt16BE(width, sof + 7);
  return image;
};
const text = (value: string) => async () => Buffer.from(value);
const script = '<script>window.__xss=1</script>';
/** A 1 x 1 BMP. */
const bmp = () => {
  const header = Buffer.alloc(58);
  header.write('BM', 0);
  header.writeUInt32LE(58, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(1, 18);
  header.writeInt32LE(1, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return header;
};

export const hostileFiles: HostileFile[] = [
  {
    name: 'SVG with a script',
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
    expect: 'refuse',
    data: text(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${script}</svg>`),
  },
  {
    name: 'SVG named .png, declared image/png',
    filename: 'logo.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: text(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
  },
  {
    name: 'HTML named .png',
    filename: 'avatar.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: text(`<!doctype html><html><body>${script}</body></html>`),
  },
  {
    name: 'HTML behind the PNG signature',
    filename: 'avatar.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: async () => Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.from(`<html>${script}`)]),
  },
  {
    name: 'polyglot: a real PNG with HTML after IEND',
    filename: 'avatar.png',
    contentType: 'image/png',
    expect: 'reencode',
    marker: script,
    data: async () => Buffer.concat([await png(), Buffer.from(`<html>${script}</html>`)]),
  },
  {
    name: 'polyglot: a PNG with a script in an iTXt chunk',
    filename: 'avatar.png',
    contentType: 'image/png',
    expect: 'reencode',
    marker: script,
    data: () => withChunk('iTXt', Buffer.concat([Buffer.from('Comment\0\0\0\0\0'), Buffer.from(script)])),
  },
  {
    name: 'polyglot: a JPEG with a script in a comment segment',
    filename: 'avatar.jpg',
    contentType: 'image/jpeg',
    expect: 'reencode',
    marker: script,
    data: () => jpegWithComment(script),
  },
  {
    name: 'a JPEG with EXIF (camera, copyright)',
    filename: 'camera.jpg',
    contentType: 'image/jpeg',
    expect: 'reencode',
    marker: 'Anna Muster, Bern',
    data: () => makeJpegWithExif(SIZE, SIZE),
  },
  {
    name: 'GIFAR: a GIF header with a script',
    filename: 'avatar.gif',
    contentType: 'image/gif',
    expect: 'refuse',
    data: text(`GIF89a/*${script}*/=1;alert(1)`),
  },
  {
    name: 'PHP web shell behind a GIF header, named .php.jpg',
    filename: 'shell.php.jpg',
    contentType: 'image/jpeg',
    expect: 'refuse',
    data: text('GIF89a<?php system($_GET["c"]); ?>'),
  },
  { name: 'a real GIF', filename: 'a.gif', contentType: 'image/gif', expect: 'refuse', data: () => other('gif') },
  { name: 'a real WebP', filename: 'a.webp', contentType: 'image/webp', expect: 'refuse', data: () => other('webp') },
  {
    name: 'a real TIFF named .png',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: () => other('tiff'),
  },
  { name: 'a real AVIF', filename: 'a.avif', contentType: 'image/avif', expect: 'refuse', data: () => other('avif') },
  { name: 'a BMP named .jpg', filename: 'a.jpg', contentType: 'image/jpeg', expect: 'refuse', data: async () => bmp() },
  {
    name: 'a PDF named .png',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: text('%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF'),
  },
  {
    name: 'a ZIP named .jpg',
    filename: 'a.jpg',
    contentType: 'image/jpeg',
    expect: 'refuse',
    data: async () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60, 1)]),
  },
  {
    name: 'the EICAR test string named .jpg',
    filename: 'eicar.jpg',
    contentType: 'image/jpeg',
    expect: 'refuse',
    data: text('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'),
  },
  {
    name: 'a truncated PNG',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: async () => {
      const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      return image.subarray(0, Math.floor(image.length * 0.6));
    },
  },
  {
    name: 'a truncated JPEG',
    filename: 'a.jpg',
    contentType: 'image/jpeg',
    expect: 'refuse',
    data: async () => {
      const image = await sharp({
        create: {
          width: 600,
          height: 600,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg()
        .toBuffer();
      return image.subarray(0, Math.floor(image.length * 0.5));
    },
  },
  {
    name: 'a PNG of its header only',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: async () => (await png()).subarray(0, 33),
  },
  {
    name: 'a 20000 x 20000 pixel bomb',
    filename: 'bomb.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: () => makePixelBombPng(20_000, 20_000),
  },
  {
    name: 'a 100000 x 600 pixel strip',
    filename: 'strip.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: () => makePixelBombPng(100_000, 600),
  },
  {
    name: 'a JPEG claiming 30000 x 30000 pixels',
    filename: 'bomb.jpg',
    contentType: 'image/jpeg',
    expect: 'refuse',
    data: () => jpegClaiming(30_000, 30_000),
  },
  {
    name: 'a PNG with a 64 MB zTXt metadata bomb',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'either',
    data: () =>
      withChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0'), zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024))])),
  },
  {
    name: 'the upload limit + 1 byte',
    filename: 'big.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: async () => {
      const image = await png(64, 64);
      return Buffer.concat([image, Buffer.alloc(UPLOAD_LIMIT + 1 - image.length, 7)]);
    },
  },
  {
    name: 'an empty file',
    filename: 'empty.png',
    contentType: 'image/png',
    expect: 'refuse',
    data: async () => Buffer.alloc(0),
  },
  {
    name: 'a path-traversal name',
    filename: '../../../../etc/passwd.png',
    contentType: 'image/png',
    expect: 'reencode',
    marker: 'passwd',
    data: () => png(),
  },
  {
    name: 'a Windows path-traversal name',
    filename: '..\\..\\..\\windows\\win.ini.png',
    contentType: 'image/png',
    expect: 'reencode',
    marker: 'win.ini',
    data: () => png(),
  },
  {
    name: 'a name with a NUL byte and a second extension',
    filename: 'avatar.png\u0000.html',
    contentType: 'image/png',
    expect: 'either',
    marker: '.html',
    data: () => png(),
  },
  {
    name: 'a 5000-character name',
    filename: `${'a'.repeat(4996)}.png`,
    contentType: 'image/png',
    expect: 'reencode',
    marker: 'a'.repeat(100),
    data: () => png(),
  },
  {
    name: 'a real PNG declared text/html',
    filename: 'page.html',
    contentType: 'text/html',
    expect: 'reencode',
    marker: 'page.html',
    data: () => png(),
  },
  {
    name: 'the file in another form field',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'refuse',
    raw: 'wrongField',
    data: () => png(),
  },
  {
    name: 'a multipart body that never ends',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'refuse',
    raw: 'unterminated',
    data: () => png(),
  },
  {
    name: 'two files in one request',
    filename: 'a.png',
    contentType: 'image/png',
    expect: 'either',
    raw: 'twoFiles',
    data: () => png(),
  },
];
