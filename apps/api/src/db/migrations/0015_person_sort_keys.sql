ALTER TABLE "persons" ADD COLUMN "sort_club" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "sort_email" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "sort_phone" text;--> statement-breakpoint
-- The list's sort keys from other tables (docs/decisions/person-list-sorts.md), written in the
-- same transaction as their source: a person's primary club, e-mail or phone set or changed
-- (also by ON DELETE SET NULL when the entry or club is deleted), or the value of the primary
-- e-mail or phone, or the club's name, changed.
CREATE FUNCTION persons_sort_keys_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_club := (SELECT c.name FROM clubs c WHERE c.id = NEW.primary_club_id);
  NEW.sort_email := (SELECT e.value FROM address_emails e WHERE e.id = NEW.primary_email_id);
  NEW.sort_phone := (SELECT p.value FROM address_phones p WHERE p.id = NEW.primary_phone_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER persons_sort_keys BEFORE INSERT OR UPDATE OF primary_club_id, primary_email_id, primary_phone_id
  ON persons FOR EACH ROW EXECUTE FUNCTION persons_sort_keys_trigger();--> statement-breakpoint
CREATE FUNCTION clubs_sort_club_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE persons SET sort_club = NEW.name WHERE primary_club_id = NEW.id AND sort_club IS DISTINCT FROM NEW.name;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clubs_sort_club AFTER UPDATE OF name ON clubs
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION clubs_sort_club_trigger();--> statement-breakpoint
CREATE FUNCTION address_emails_sort_email_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE persons SET sort_email = NEW.value WHERE primary_email_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER address_emails_sort_email AFTER UPDATE OF value ON address_emails
  FOR EACH ROW WHEN (NEW.value IS DISTINCT FROM OLD.value) EXECUTE FUNCTION address_emails_sort_email_trigger();--> statement-breakpoint
CREATE FUNCTION address_phones_sort_phone_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE persons SET sort_phone = NEW.value WHERE primary_phone_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER address_phones_sort_phone AFTER UPDATE OF value ON address_phones
  FOR EACH ROW WHEN (NEW.value IS DISTINCT FROM OLD.value) EXECUTE FUNCTION address_phones_sort_phone_trigger();--> statement-breakpoint
-- The values of today's persons: one pass with hash joins, before the indexes on them exist.
UPDATE persons p SET sort_club = v.club, sort_email = v.email, sort_phone = v.phone
FROM (
  SELECT p2.id, c.name AS club, e.value AS email, ph.value AS phone
  FROM persons p2
  LEFT JOIN clubs c ON c.id = p2.primary_club_id
  LEFT JOIN address_emails e ON e.id = p2.primary_email_id
  LEFT JOIN address_phones ph ON ph.id = p2.primary_phone_id
) v
WHERE v.id = p.id AND (v.club IS NOT NULL OR v.email IS NOT NULL OR v.phone IS NOT NULL);--> statement-breakpoint
CREATE INDEX "addresses_street_trgm_idx" ON "addresses" USING gin ("street" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_zip_trgm_idx" ON "addresses" USING gin ("zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_city_trgm_idx" ON "addresses" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_firstname_desc_idx" ON "persons" USING btree (("firstname" is not null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_state_sort_idx" ON "persons" USING btree ("state",("firstname" is null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_sort_club_asc_idx" ON "persons" USING btree (("sort_club" is null),coalesce("sort_club", ''),("firstname" is null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_sort_club_desc_idx" ON "persons" USING btree (("sort_club" is not null),coalesce("sort_club", ''),("firstname" is null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_sort_email_asc_idx" ON "persons" USING btree (("sort_email" is null),coalesce("sort_email", ''),("firstname" is null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_sort_email_desc_idx" ON "persons" USING btree (("sort_email" is not null),coalesce("sort_email", ''),("firstname" is null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_sort_phone_asc_idx" ON "persons" USING btree (("sort_phone" is null),coalesce("sort_phone", ''),("firstname" is null),coalesce("firstname", ''),"lastname","id");--> statement-breakpoint
CREATE INDEX "persons_sort_phone_desc_idx" ON "persons" USING btree (("sort_phone" is not null),coalesce("sort_phone", ''),("firstname" is null),coalesce("firstname", ''),"lastname","id");