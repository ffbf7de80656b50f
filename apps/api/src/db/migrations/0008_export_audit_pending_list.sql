-- The schema's index with a smaller pending list (audit-log.ts); altered in place instead of
-- rebuilt as drizzle-kit proposed, since the export trail may be large.
ALTER INDEX "audit_exported_persons_person_ids_idx" SET (gin_pending_list_limit = 512);
