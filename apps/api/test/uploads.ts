import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images made with sharp (real PNG and JPEG bytes) and multipart bodies for app.inject. */

export const makePng = (width = 800, height = 600, background = '#c0ffee') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

/** A JPEG with EXIF (camera, GPS-like comment, orientation) that must not survive the upload. */
export const makeJpegWithExif = (width = 800, height = 600, orientation = 1) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({
      orientation,
      exif: { IFD0: { Make: 'SecretCam', Model: 'X-1', Copyright: 'Anna Muster, Bern' } },
    })
    .toBuffer();

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A valid greyscale PNG of width x height black pixels, written row by row: 20000x20000 pixels
 * (400 MB decoded) compress to under 2 MB, a pixel bomb that passes the 10 MB upload limit.
 */
export async function makePixelBombPng(width = 20_000, height = 20_000): Promise<Buffer> {
  const rowsPerWrite = 500;
  const rows = Buffer.alloc((width + 1) * rowsPerWrite);
  const deflate = zlib.createDeflate({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y += rowsPerWrite)
    deflate.write(rows.subarray(0, (width + 1) * Math.min(rowsPerWrite, height - y)));
  deflate.end();
  await done;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(chunks)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file, as a browser sends it. */
export async function multipartBody(
  field: string,
  data: Buffer,
  options: { filename?: string; contentType?: string } = {},
) {
  const form = new FormData();
  form.append(
    field,
    new Blob([new Uint8Array(data)], { type: options.contentType ?? 'image/png' }),
    options.filename ?? 'image.png',
  );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
