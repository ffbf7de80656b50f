DROP INDEX "duplicate_queue_queued_idx";--> statement-breakpoint
CREATE INDEX "duplicate_queue_claim_idx" ON "duplicate_queue" USING btree ("queued_at","person_id");--> statement-breakpoint
-- One name folding (issue 16, docs/decisions/duplicates.md): duplicates fold names as the Name
-- search does (search_fold_letters and search_fold_pairs, migration 0023; packages/domain
-- search-words.ts `foldName`): Petrović = Petrovic, Müller = Mueller = Muller, Straße = Strasse.
-- Only the persons whose folded first or last name changes are scanned again; the others' keys
-- and pairs stay as they are (no rewrite of a million persons).
INSERT INTO duplicate_queue (person_id)
  SELECT id FROM persons
  WHERE duplicate_fold(lastname) <> search_fold_pairs(search_fold_letters(coalesce(lastname, '')))
    OR duplicate_fold(firstname) <> search_fold_pairs(search_fold_letters(coalesce(firstname, '')))
  ON CONFLICT (person_id) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION duplicate_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_fold_pairs(search_fold_letters(coalesce(value, '')))
$$;
