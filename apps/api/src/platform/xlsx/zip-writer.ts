import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A ZIP archive written front to back into a stream, as an xlsx needs it: small entries whole,
 * one large entry deflated while it is written (sizes and CRC follow in a data descriptor).
 * No ZIP64: an entry stays under 4 GiB, about five million export rows.
 */
type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number; flags: number };

const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;
const DEFLATE = 8;
const LIMIT = 0xffffffff;
// 1980-01-01 00:00, the zero of ZIP's DOS time: the file's date is in its name already.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * Waits until the stream takes more, or is closed: a download broken off closes it without
 * 'drain' or 'error', and waiting for 'drain' alone kept the export (and its database cursor)
 * waiting for ever.
 */
function drainOrClose(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];

  constructor(private readonly output: Writable) {}

  private async write(chunk: Buffer) {
    if (this.output.destroyed) throw new Error('zip output closed');
    this.offset += chunk.length;
    if (!this.output.write(chunk)) await drainOrClose(this.output);
    if (this.output.destroyed) throw new Error('zip output closed');
  }

  private localHeader(entry: Entry) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  /** A small entry, compressed at once. */
  async addFile(name: string, content: string) {
    const data = Buffer.from(content, 'utf8');
    const compressed = zlib.deflateRawSync(data);
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: zlib.crc32(data),
      compressed: compressed.length,
      size: data.length,
      offset: this.offset,
      flags: UTF8_NAMES,
    };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    await this.write(compressed);
  }

  /**
   * A large entry: `write` deflates text (or its UTF-8 bytes) as it comes, waiting while the client
   * is slow; `end` closes it.
   */
  async openStream(name: string, level = 1) {
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
      flags: UTF8_NAMES | DATA_DESCRIPTOR,
    };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    // Deflate runs on libuv's thread pool. With its default 16 KB of input buffer each slice of
    // sheet text (about 250 KB) waited for zlib before the next was built; with 1 MiB the next
    // rows are built while the previous ones are compressed.
    const deflate = zlib.createDeflateRaw({
      level,
      memLevel: 9,
      chunkSize: 64 * 1024,
      // Passed on to the stream (zlib's options type does not list the stream's own).
      ...{ writableHighWaterMark: 1024 * 1024 },
    });
    let failure: Error | undefined;
    const piped = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.write(chunk);
      }
    })().catch((error: Error) => {
      failure = error;
      deflate.destroy();
    });
    return {
      write: async (text: string | Uint8Array) => {
        if (failure) throw failure;
        const data =
          typeof text === 'string'
            ? Buffer.from(text, 'utf8')
            : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > LIMIT) throw new Error('xlsx sheet over 4 GiB');
        if (!deflate.write(data)) await Promise.race([once(deflate, 'drain'), piped]);
        if (failure) throw failure;
      },
      end: async () => {
        deflate.end();
        await piped;
        if (failure) throw failure;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.write(descriptor);
      },
    };
  }

  /** The central directory; the archive is complete after it. */
  async finish() {
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(entry.flags, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(DOS_TIME, 12);
      header.writeUInt16LE(DOS_DATE, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      parts.push(header, entry.name);
    }
    const directory = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    if (start > LIMIT) throw new Error('xlsx over 4 GiB');
    await this.write(Buffer.concat([directory, end]));
  }
}
