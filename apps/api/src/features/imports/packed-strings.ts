/**
 * An xlsx file's shared-string table, packed: the strings' UTF-8 bytes in blocks of 1 MB and where
 * each starts. exceljs's own cache holds each as a JS string (239 MB of heap for a million rows'
 * three million distinct names and e-mails); packed they take their bytes and four more each.
 * Blocks instead of one growing buffer: no copy when the table grows, and at most a block unused
 * (docs/decisions/import.md "A million rows").
 */
// Excel's cells hold at most 32,767 characters (128 KB of UTF-8); a longer string gets a block of its own.
const BYTES_BLOCK = 1 << 20;
const STARTS_BLOCK = 1 << 16;

export class PackedStrings {
  private readonly blocks: Buffer[] = [];
  /** How far each block of bytes is filled. */
  private readonly blockEnds: number[] = [];
  /** Each string's start as block * BYTES_BLOCK + offset; it ends where the next one starts in its block. */
  private readonly starts: Uint32Array[] = [];
  private count = 0;
  private bytes = 0;

  /** Adds the next string; false when the table would pass `maxBytes` (an unzipped bomb). */
  add(text: string, maxBytes: number): boolean {
    const length = Buffer.byteLength(text);
    if (this.bytes + length > maxBytes) return false;
    let block = this.blocks.length - 1;
    if (block < 0 || this.blockEnds[block]! + length > BYTES_BLOCK) {
      this.blocks.push(Buffer.allocUnsafe(Math.max(BYTES_BLOCK, length)));
      this.blockEnds.push(0);
      block++;
    }
    const offset = this.blockEnds[block]!;
    this.blockEnds[block] = offset + this.blocks[block]!.write(text, offset);
    if (this.count % STARTS_BLOCK === 0) this.starts.push(new Uint32Array(STARTS_BLOCK));
    this.starts[this.starts.length - 1]![this.count % STARTS_BLOCK] = block * BYTES_BLOCK + offset;
    this.count++;
    this.bytes += length;
    return true;
  }

  /** The string at `index`, or undefined for an index the table does not have. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = this.startOf(index);
    const block = Math.floor(start / BYTES_BLOCK);
    const next = index + 1 < this.count ? this.startOf(index + 1) : -1;
    const end =
      next >= 0 && Math.floor(next / BYTES_BLOCK) === block ? next : block * BYTES_BLOCK + this.blockEnds[block]!;
    return this.blocks[block]!.toString('utf8', start - block * BYTES_BLOCK, end - block * BYTES_BLOCK);
  }

  private startOf(index: number): number {
    return this.starts[Math.floor(index / STARTS_BLOCK)]![index % STARTS_BLOCK]!;
  }
}
