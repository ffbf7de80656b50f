/** PostgreSQL's COPY text format: tab-separated, \N for null, backslash escapes. */
export type CopyValue = string | number | boolean | null | undefined | Date | readonly number[];

const special = /[\\\t\n\r]/g;
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return special.test(value) ? value.replace(special, (m) => escapes[m]!) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return `{${value.join(',')}}`;
}

/** Rows of one table, collected as COPY text. */
export class CopyBuffer {
  private lines: string[] = [];
  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}
  add(values: readonly CopyValue[]) {
    if (values.length !== this.columns.length) throw new Error(`${this.table}: ${values.length} values`);
    let line = copyField(values[0]);
    for (let i = 1; i < values.length; i++) line += `\t${copyField(values[i])}`;
    this.lines.push(line);
  }
  get size() {
    return this.lines.length;
  }
  /** The collected text (ending in a newline) and an empty buffer. */
  take(): string {
    const text = this.lines.length ? `${this.lines.join('\n')}\n` : '';
    this.lines = [];
    return text;
  }
}
