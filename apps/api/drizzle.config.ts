import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; they are applied at start-up with drizzle's
// migrate() on both PostgreSQL and PGlite (drizzle-kit migrate fails silently on PGlite).
// The extensions citext and pg_trgm come from a custom first migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
