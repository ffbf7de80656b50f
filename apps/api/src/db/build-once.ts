/**
 * A Drizzle query built into its SQL text once, to be run many times. Drizzle's `execute()`
 * builds the text on every call; `prepare()` builds it once. Without a name the driver sends it
 * as an unnamed statement, exactly as `execute()` does, so PostgreSQL plans it for its values
 * on every run and keeps nothing per connection.
 */
export function buildOnce<P>(query: { prepare: (name: string) => P }): P {
  return query.prepare(undefined as unknown as string);
}
