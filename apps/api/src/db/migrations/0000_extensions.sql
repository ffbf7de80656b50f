-- drizzle-kit does not write CREATE EXTENSION: case-insensitive text and trigram search.
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
