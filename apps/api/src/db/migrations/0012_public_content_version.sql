-- The public event pages are prepared once and served to every visitor until the data behind
-- them changes (apps/api/src/platform/public-cache.ts). A sequence is advanced by any statement
-- that writes a table behind them: it is not transactional, so writers never wait on each other
-- for it, and every instance sees the change with one cheap read.
CREATE SEQUENCE IF NOT EXISTS "public_content_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "advance_public_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('public_content_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "advance_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "event_registrations_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "advance_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "event_categories_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "advance_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "event_category_links_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_category_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "advance_public_content_version"();
--> statement-breakpoint
CREATE TRIGGER "clubs_public_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clubs"
  FOR EACH STATEMENT EXECUTE FUNCTION "advance_public_content_version"();
