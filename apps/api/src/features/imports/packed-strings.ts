/**
 * An xlsx file's shared-string table, packed: the strings' UTF-8 bytes in one buffer and where
 * each ends. exceljs's own cache holds each as a JS string (239 MB of heap for a million rows'
 * three million distinct names and e-mails); packed they take their bytes and four more each
 * (docs/decisions/import.md "A million rows").
 */
export class PackedStrings {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private ends = new Uint32Array(1 << 12);
  private used = 0;
  private count = 0;

  /** Adds the next string; false when the table would pass `maxBytes` (an unzipped bomb). */
  add(text: string, maxBytes: number): boolean {
    const length = Buffer.byteLength(text);
    if (this.used + length > maxBytes) return false;
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.used += this.bytes.write(text, this.used);
    this.ends[this.count++] = this.used;
    return true;
  }

  /** The string at `index`, or undefined for an index the table does not have. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}
