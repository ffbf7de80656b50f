-- Issue 16's import speed (docs/decisions/import.md "Figures"): a person's row is written again
-- only when a value computed from her other rows really changed, and her search prefixes follow
-- the difference of her search text. The functions are replaced; no row is rewritten.
--
-- An e-mail or address written, moved or deleted renews its person's search text at the end of
-- the transaction (migration 0006) only when it differs from the stored one: a new person with
-- two addresses and an e-mail, whose text the import has set already, is not written three more
-- times (with the person's twenty indexes and her prefixes each time).
CREATE FUNCTION person_search_text_refresh(person uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stored text;
  fresh text;
BEGIN
  SELECT p.search_text, person_search_text(p.id, p.firstname, p.lastname) INTO stored, fresh
    FROM persons p WHERE p.id = person;
  IF FOUND AND fresh IS DISTINCT FROM stored THEN
    -- Computed again in the update: a concurrent rename it waited for is taken into account.
    UPDATE persons SET search_text = person_search_text(id, firstname, lastname) WHERE id = person;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION person_entries_search_text_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM person_search_text_refresh(OLD.person_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.person_id IS DISTINCT FROM OLD.person_id) THEN
    PERFORM person_search_text_refresh(NEW.person_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The person's prefix rows (migration 0023): when her names stay, only the prefixes her old
-- search text had and the new one lacks are deleted and only the new ones inserted (an added
-- e-mail adds its words' prefixes; the others are not rewritten). A rename changes every key.
CREATE OR REPLACE FUNCTION persons_search_prefixes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_prefix text;
  old_prefixes text[];
  new_prefixes text[];
  same_names boolean := TG_OP = 'UPDATE' AND NEW.lastname = OLD.lastname
    AND NEW.firstname IS NOT DISTINCT FROM OLD.firstname;
BEGIN
  IF same_names AND NEW.search_text = OLD.search_text THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_prefixes := ARRAY(SELECT person_search_prefixes_of(OLD.search_text));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_prefixes := ARRAY(SELECT person_search_prefixes_of(NEW.search_text));
  END IF;
  IF same_names THEN
    -- Her keys stay: only the prefixes that come or go.
    FOR old_prefix IN SELECT unnest(old_prefixes) EXCEPT SELECT unnest(new_prefixes) LOOP
      DELETE FROM person_search_prefixes s
      WHERE s.prefix = old_prefix AND s.firstname_missing = (OLD.firstname IS NULL)
        AND s.firstname = coalesce(OLD.firstname, '') AND s.lastname = OLD.lastname AND s.person_id = OLD.id;
    END LOOP;
    INSERT INTO person_search_prefixes (prefix, firstname_missing, firstname, lastname, person_id)
    SELECT n.p, NEW.firstname IS NULL, coalesce(NEW.firstname, ''), NEW.lastname, NEW.id
    FROM (SELECT unnest(new_prefixes) EXCEPT SELECT unnest(old_prefixes)) AS n(p);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- One whole key at a time: a lookup in the primary key whatever the table's statistics say.
    FOR old_prefix IN SELECT unnest(old_prefixes) LOOP
      DELETE FROM person_search_prefixes s
      WHERE s.prefix = old_prefix AND s.firstname_missing = (OLD.firstname IS NULL)
        AND s.firstname = coalesce(OLD.firstname, '') AND s.lastname = OLD.lastname AND s.person_id = OLD.id;
    END LOOP;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO person_search_prefixes (prefix, firstname_missing, firstname, lastname, person_id)
    SELECT n.p, NEW.firstname IS NULL, coalesce(NEW.firstname, ''), NEW.lastname, NEW.id
    FROM unnest(new_prefixes) AS n(p);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The import's match by e-mail: case-insensitive equality, as ILIKE with an escaped pattern
-- compared (both sides lowered), by a btree lookup at any size. The trigram index answered it only
-- once the planner trusted it: with a long pending list or fresh statistics it read the whole
-- table for every e-mail of every row.
CREATE INDEX "address_emails_value_lower_idx" ON "address_emails" USING btree (lower("value"));
