/** A unique index refused the write (pg and PGlite report SQLSTATE 23505; Drizzle wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/** A foreign key refused the write (SQLSTATE 23503), e.g. a referenced row vanished meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23503';
}

/**
 * PostgreSQL cancelled the statement (SQLSTATE 57014): it ran past its statement_timeout, or its
 * client went away and the request cancelled it (platform/statement-cancel.ts).
 */
export function isStatementCancelled(error: unknown): boolean {
  return sqlStateOf(error) === '57014';
}

/** A lock was not granted within the transaction's lock_timeout (SQLSTATE 55P03). */
export function isLockTimeout(error: unknown): boolean {
  return sqlStateOf(error) === '55P03';
}

function sqlStateOf(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code ?? (error as { code?: string } | null)?.code;
}
