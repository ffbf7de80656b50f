ALTER TABLE "persons" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The Name search's text of a person: her names, e-mail values and companies, separated by
-- blanks (search words never hold a blank, so none matches across two of them).
CREATE FUNCTION person_search_text(p_id uuid, p_firstname text, p_lastname text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', p_firstname, p_lastname,
    (SELECT string_agg(e.value, ' ' ORDER BY e.value) FROM address_emails e WHERE e.person_id = p_id),
    (SELECT string_agg(a.company, ' ' ORDER BY a.company) FROM addresses a WHERE a.person_id = p_id AND a.company IS NOT NULL))
$$;--> statement-breakpoint
CREATE FUNCTION persons_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := person_search_text(NEW.id, NEW.firstname, NEW.lastname);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER persons_search_text BEFORE INSERT OR UPDATE OF firstname, lastname ON persons
  FOR EACH ROW EXECUTE FUNCTION persons_search_text_trigger();--> statement-breakpoint
-- An e-mail or address written, moved or deleted renews its person's search text, at the end
-- of the transaction (a deferred constraint trigger): by then deletes have cascaded and the
-- person's primary ids are set null, so her row is consistent when it is written again.
CREATE FUNCTION person_entries_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE persons SET search_text = person_search_text(id, firstname, lastname) WHERE id = OLD.person_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.person_id IS DISTINCT FROM OLD.person_id) THEN
    UPDATE persons SET search_text = person_search_text(id, firstname, lastname) WHERE id = NEW.person_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER address_emails_search_text AFTER INSERT OR DELETE OR UPDATE OF value, person_id
  ON address_emails DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION person_entries_search_text_trigger();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER addresses_search_text AFTER INSERT OR DELETE OR UPDATE OF company, person_id
  ON addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION person_entries_search_text_trigger();--> statement-breakpoint
UPDATE persons SET search_text = person_search_text(id, firstname, lastname);--> statement-breakpoint
CREATE INDEX "persons_search_text_trgm_idx" ON "persons" USING gin ("search_text" gin_trgm_ops);
