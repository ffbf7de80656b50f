-- The person list's City, Zip, Company and Street filters find the beginnings of words, folded as
-- the Name search folds them (issue 24, docs/decisions/address-filters.md): person_address_prefixes
-- holds every beginning of 3 to 8 letters of each folded word of the four fields of a person's
-- addresses (kind 0 city, 1 zip, 2 company, 3 street; one row per person, kind and prefix) with
-- the list's default sort keys as person_search_prefixes has them, so one filter is one range in
-- the list's order. The key is built after the table is filled (like migration 0023).
CREATE TABLE "person_address_prefixes" (
	"kind" smallint NOT NULL,
	"prefix" text NOT NULL,
	"firstname_missing" boolean NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"person_id" uuid NOT NULL
);
--> statement-breakpoint
-- The "contains" filters' trigram indexes: nothing else reads them.
DROP INDEX "addresses_company_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_street_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_zip_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_city_trgm_idx";--> statement-breakpoint
-- The beginnings of 3 to 8 letters of words (ADDRESS_PREFIX_MAX in search-words.ts: address
-- words are long, and a term of up to 8 letters is then decided by the index alone).
CREATE FUNCTION address_word_prefixes(words text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(w, n)
  FROM unnest(string_to_array(btrim(words), ' ')) AS w, generate_series(3, least(8, length(w))) AS n
$$;--> statement-breakpoint
-- The prefixes of the four fields, folded by search_words (migration 0023).
CREATE FUNCTION address_prefixes_of(city text, zip text, company text, street text)
RETURNS TABLE (kind smallint, prefix text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 0::smallint, p FROM address_word_prefixes(search_words(city)) AS p
  UNION ALL SELECT 1::smallint, p FROM address_word_prefixes(search_words(zip)) AS p
  UNION ALL SELECT 2::smallint, p FROM address_word_prefixes(search_words(company)) AS p
  UNION ALL SELECT 3::smallint, p FROM address_word_prefixes(search_words(street)) AS p
$$;--> statement-breakpoint
-- A person's prefixes over all her addresses, each once: the fields joined by a blank have the
-- words of each field.
CREATE FUNCTION person_address_prefixes_of(person uuid)
RETURNS TABLE (kind smallint, prefix text) LANGUAGE sql STABLE AS $$
  SELECT k.kind, k.prefix
  FROM (SELECT string_agg(a.city, ' ') AS city, string_agg(a.zip, ' ') AS zip,
          string_agg(a.company, ' ') AS company, string_agg(a.street, ' ') AS street
        FROM addresses a WHERE a.person_id = person) AS f,
    address_prefixes_of(f.city, f.zip, f.company, f.street) AS k
$$;--> statement-breakpoint
-- An address's change, in the writing transaction. A prefix leaves the person only when none of
-- her addresses has it any more (row triggers run after the whole statement and see its result).
-- Old rows are deleted one whole key at a time (a lookup whatever the statistics say). Writers of
-- one person's rows lock her row (as a rename does), so a concurrent address write and rename
-- cannot lose a row or keep old keys (a row lock, not an advisory one: a bulk import of thousands
-- of addresses in one transaction would run out of lock table).
CREATE FUNCTION addresses_prefixes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO person_address_prefixes (kind, prefix, firstname_missing, firstname, lastname, person_id)
    SELECT k.kind, k.prefix, who.firstname IS NULL, coalesce(who.firstname, ''), who.lastname, NEW.person_id
    FROM address_prefixes_of(NEW.city, NEW.zip, NEW.company, NEW.street) AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A person's rows follow her sort keys (after a rename) and go before she is deleted (her
-- addresses are still there to name them; their own delete trigger then finds her gone).
CREATE FUNCTION persons_address_prefixes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mine record;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.lastname = OLD.lastname AND NEW.firstname IS NOT DISTINCT FROM OLD.firstname THEN
    RETURN NULL;
  END IF;
  FOR mine IN SELECT m.kind, m.prefix FROM person_address_prefixes_of(OLD.id) AS m LOOP
    DELETE FROM person_address_prefixes s
    WHERE s.kind = mine.kind AND s.prefix = mine.prefix AND s.firstname_missing = (OLD.firstname IS NULL)
      AND s.firstname = coalesce(OLD.firstname, '') AND s.lastname = OLD.lastname AND s.person_id = OLD.id;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO person_address_prefixes (kind, prefix, firstname_missing, firstname, lastname, person_id)
    SELECT k.kind, k.prefix, NEW.firstname IS NULL, coalesce(NEW.firstname, ''), NEW.lastname, NEW.id
    FROM person_address_prefixes_of(NEW.id) AS k
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
-- Today's addresses, in one pass (grouped by person) before the key exists.
INSERT INTO person_address_prefixes (kind, prefix, firstname_missing, firstname, lastname, person_id)
SELECT k.kind, k.prefix, p.firstname IS NULL, coalesce(p.firstname, ''), p.lastname, p.id
FROM (SELECT person_id, string_agg(city, ' ') AS city, string_agg(zip, ' ') AS zip,
        string_agg(company, ' ') AS company, string_agg(street, ' ') AS street
      FROM addresses GROUP BY person_id) AS f
  JOIN persons p ON p.id = f.person_id,
  address_prefixes_of(f.city, f.zip, f.company, f.street) AS k;--> statement-breakpoint
ALTER TABLE person_address_prefixes ADD CONSTRAINT person_address_prefixes_pk
  PRIMARY KEY (kind, prefix, firstname_missing, firstname, lastname, person_id);--> statement-breakpoint
CREATE TRIGGER addresses_prefixes AFTER INSERT OR DELETE OR UPDATE OF person_id, city, zip, company, street
  ON addresses FOR EACH ROW EXECUTE FUNCTION addresses_prefixes_trigger();--> statement-breakpoint
CREATE TRIGGER persons_address_prefixes AFTER UPDATE OF firstname, lastname
  ON persons FOR EACH ROW EXECUTE FUNCTION persons_address_prefixes_trigger();--> statement-breakpoint
CREATE TRIGGER persons_address_prefixes_delete BEFORE DELETE
  ON persons FOR EACH ROW EXECUTE FUNCTION persons_address_prefixes_trigger();
