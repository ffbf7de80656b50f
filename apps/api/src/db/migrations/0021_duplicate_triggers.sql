-- Issue 16 (docs/decisions/duplicates.md): the persons whose match keys may have changed are
-- queued in the writing statement, once per statement (transition tables), so a bulk import pays
-- one small insert per statement; the duplicates feature recomputes their keys and pairs.
-- Names compared folded: lower case, accents and umlauts dropped (Müller = Muller).
CREATE FUNCTION duplicate_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(coalesce(value, '')), 'äöüàáâãåèéêëìíîïòóôõùúûçñ', 'aouaaaaaeeeeiiiioooouuucn')
$$;--> statement-breakpoint
CREATE FUNCTION duplicate_queue_persons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO duplicate_queue (person_id) SELECT c.id FROM changed c ON CONFLICT (person_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION duplicate_queue_updated_persons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO duplicate_queue (person_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.firstname IS DISTINCT FROM o.firstname OR n.lastname IS DISTINCT FROM o.lastname
      OR n.birthday IS DISTINCT FROM o.birthday
    ON CONFLICT (person_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Inserted or deleted e-mails, phones and addresses: their persons (a person being deleted is gone already).
CREATE FUNCTION duplicate_queue_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO duplicate_queue (person_id)
    SELECT DISTINCT c.person_id FROM changed c WHERE EXISTS (SELECT 1 FROM persons p WHERE p.id = c.person_id)
    ON CONFLICT (person_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Updated e-mails and phones (value) or addresses (zip): the old and the new person.
CREATE FUNCTION duplicate_queue_updated_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO duplicate_queue (person_id)
    SELECT DISTINCT x.person_id FROM (
      SELECT n.person_id, o.person_id AS old_person_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.person_id IS DISTINCT FROM o.person_id
        OR to_jsonb(n) ->> TG_ARGV[0] IS DISTINCT FROM to_jsonb(o) ->> TG_ARGV[0]
    ) c CROSS JOIN LATERAL (VALUES (c.person_id), (c.old_person_id)) x(person_id)
    WHERE EXISTS (SELECT 1 FROM persons p WHERE p.id = x.person_id)
    ON CONFLICT (person_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER persons_duplicate_insert AFTER INSERT ON persons REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_persons();--> statement-breakpoint
CREATE TRIGGER persons_duplicate_update AFTER UPDATE ON persons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_updated_persons();--> statement-breakpoint
CREATE TRIGGER address_emails_duplicate_insert AFTER INSERT ON address_emails REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_entries();--> statement-breakpoint
CREATE TRIGGER address_emails_duplicate_delete AFTER DELETE ON address_emails REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_entries();--> statement-breakpoint
CREATE TRIGGER address_emails_duplicate_update AFTER UPDATE ON address_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_updated_entries('value');--> statement-breakpoint
CREATE TRIGGER address_phones_duplicate_insert AFTER INSERT ON address_phones REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_entries();--> statement-breakpoint
CREATE TRIGGER address_phones_duplicate_delete AFTER DELETE ON address_phones REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_entries();--> statement-breakpoint
CREATE TRIGGER address_phones_duplicate_update AFTER UPDATE ON address_phones
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_updated_entries('value');--> statement-breakpoint
CREATE TRIGGER addresses_duplicate_insert AFTER INSERT ON addresses REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_entries();--> statement-breakpoint
CREATE TRIGGER addresses_duplicate_delete AFTER DELETE ON addresses REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_entries();--> statement-breakpoint
CREATE TRIGGER addresses_duplicate_update AFTER UPDATE ON addresses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION duplicate_queue_updated_entries('zip');--> statement-breakpoint
-- Today's persons: the scheduled job works through them in batches.
INSERT INTO duplicate_queue (person_id) SELECT id FROM persons;
