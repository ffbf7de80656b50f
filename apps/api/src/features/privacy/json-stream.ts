/**
 * Pieces of a JSON document written as it is read, so a long list never sits in memory whole.
 * Dates become UTC ISO strings without milliseconds (DESIGN "API contract").
 */
function replacer(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  return raw instanceof Date ? raw.toISOString().replace(/\.\d{3}Z$/, 'Z') : value;
}

export const toJson = (value: unknown) => JSON.stringify(value, replacer);

/** Where a batch ends: keyset paging goes on after (or before) this time and id. */
export type Cursor = { at: Date; id: string };

/** Reads a list in batches, each starting after the cursor of the previous one's last row. */
export async function* inBatches<T>(
  next: (cursor: Cursor | undefined) => Promise<T[]>,
  cursorOf: (row: T) => Cursor,
  size: number,
): AsyncGenerator<T[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await next(cursor);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    cursor = cursorOf(rows.at(-1)!);
  }
}

/** A JSON array from batches, one element per line. */
export async function* jsonArray<T>(batches: AsyncIterable<T[]>, map: (row: T) => unknown): AsyncGenerator<string> {
  let isFirst = true;
  yield '[';
  for await (const batch of batches) {
    const lines = batch.map((row) => toJson(map(row))).join(',\n    ');
    yield `${isFirst ? '\n    ' : ',\n    '}${lines}`;
    isFirst = false;
  }
  yield isFirst ? ']' : '\n  ]';
}

/** An object whose members are written one after another; a member is a value or a stream of text. */
export async function* jsonObject(
  members: [string, unknown | (() => AsyncIterable<string>)][],
): AsyncGenerator<string> {
  yield '{';
  let isFirst = true;
  for (const [key, member] of members) {
    yield `${isFirst ? '\n' : ',\n'}  ${JSON.stringify(key)}: `;
    isFirst = false;
    if (typeof member === 'function') yield* (member as () => AsyncIterable<string>)();
    else yield toJson(member);
  }
  yield '\n}\n';
}
