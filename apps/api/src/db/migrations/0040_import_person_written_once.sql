-- Issue 16's import speed (docs/decisions/import.md "Figures"): the import writes a batch's new
-- persons after their addresses and entries, so that each person's row is inserted once with her
-- primaries, search text and sort keys (her BEFORE INSERT triggers read the entries already
-- there) instead of being inserted and then updated with all her indexes a second time.
--
-- The entries' references to their person may be checked at the end of the import's savepoint
-- (SET CONSTRAINTS ... DEFERRED, then IMMEDIATE); everyone else's writes are checked at once as
-- before. ON DELETE CASCADE is not deferred by this.
ALTER TABLE "addresses" ALTER CONSTRAINT "addresses_person_id_persons_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "address_emails" ALTER CONSTRAINT "address_emails_person_id_persons_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "address_phones" ALTER CONSTRAINT "address_phones_person_id_persons_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "address_urls" ALTER CONSTRAINT "address_urls_person_id_persons_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
-- An address written before its person (the import): her prefixes are added when she is
-- inserted, below.
CREATE OR REPLACE FUNCTION addresses_prefixes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who record;
  gone record;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.person_id = OLD.person_id AND NEW.city IS NOT DISTINCT FROM OLD.city
    AND NEW.zip IS NOT DISTINCT FROM OLD.zip AND NEW.company IS NOT DISTINCT FROM OLD.company
    AND NEW.street IS NOT DISTINCT FROM OLD.street THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Not found while she is being deleted: persons_address_prefixes_trigger removed her rows.
    SELECT p.firstname, p.lastname INTO who FROM persons p WHERE p.id = OLD.person_id FOR NO KEY UPDATE;
    IF FOUND THEN
      FOR gone IN
        SELECT o.kind, o.prefix FROM address_prefixes_of(OLD.city, OLD.zip, OLD.company, OLD.street) AS o
        EXCEPT SELECT c.kind, c.prefix FROM person_address_prefixes_of(OLD.person_id) AS c
      LOOP
        DELETE FROM person_address_prefixes s
        WHERE s.kind = gone.kind AND s.prefix = gone.prefix AND s.firstname_missing = (who.firstname IS NULL)
          AND s.firstname = coalesce(who.firstname, '') AND s.lastname = who.lastname AND s.person_id = OLD.person_id;
      END LOOP;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.firstname, p.lastname INTO who FROM persons p WHERE p.id = NEW.person_id FOR NO KEY UPDATE;
    IF FOUND THEN
      INSERT INTO person_address_prefixes (kind, prefix, firstname_missing, firstname, lastname, person_id)
      SELECT k.kind, k.prefix, who.firstname IS NULL, coalesce(who.firstname, ''), who.lastname, NEW.person_id
      FROM address_prefixes_of(NEW.city, NEW.zip, NEW.company, NEW.street) AS k
      ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- New persons' address prefixes, once per statement: none for a person created by a form (her
-- addresses come later), those of the addresses the import wrote before her.
CREATE FUNCTION persons_inserted_address_prefixes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_address_prefixes (kind, prefix, firstname_missing, firstname, lastname, person_id)
  SELECT k.kind, k.prefix, n.firstname IS NULL, coalesce(n.firstname, ''), n.lastname, n.id
  FROM new_rows n, person_address_prefixes_of(n.id) AS k
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER persons_address_prefixes_insert AFTER INSERT ON persons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION persons_inserted_address_prefixes();
--> statement-breakpoint
-- New persons' search prefixes (migration 0023), once per statement instead of a row trigger per
-- person: 0.65 ms a new person in the import's batches at a million persons, most of it the row
-- trigger's own work. Renames, changed search texts and deletes stay with the row trigger.
DROP TRIGGER persons_search_prefixes ON persons;--> statement-breakpoint
CREATE TRIGGER persons_search_prefixes AFTER DELETE OR UPDATE OF firstname, lastname, search_text
  ON persons FOR EACH ROW EXECUTE FUNCTION persons_search_prefixes_trigger();--> statement-breakpoint
CREATE FUNCTION persons_inserted_search_prefixes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_search_prefixes (prefix, firstname_missing, firstname, lastname, person_id)
  SELECT p, n.firstname IS NULL, coalesce(n.firstname, ''), n.lastname, n.id
  FROM new_rows n, person_search_prefixes_of(n.search_text) AS p;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER persons_search_prefixes_insert AFTER INSERT ON persons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION persons_inserted_search_prefixes();
