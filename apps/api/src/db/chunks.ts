/**
 * Rows per insert of a set-based write (an import batch): far below PostgreSQL's 65,535
 * parameters per statement whatever the table's columns.
 */
export function chunksOf<T>(rows: readonly T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
