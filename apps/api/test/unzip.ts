import zlib from 'node:zlib';

/**
 * The entries of a ZIP file (an xlsx) by name, inflated: to compare two files' content where
 * their deflated bytes may differ (deflate's output depends on how its input came in pieces).
 */
export function unzipEntries(file: Buffer): Map<string, Buffer> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (file.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const local = file.readUInt32LE(at + 42);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    entries.set(name, zlib.inflateRawSync(file.subarray(start, start + compressed)));
    at += 46 + skip;
  }
  return entries;
}
