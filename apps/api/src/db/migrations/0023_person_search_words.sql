-- The Name search finds the beginnings of words (issue 20, docs/decisions/person-search.md). The
-- folding is that of packages/domain/src/search-words.ts (a test compares both): the folded words
-- of a person's search text (migration 0006: names, e-mail values, companies), each after a
-- blank, and person_search_prefixes holding every beginning of 3 to 5 letters of each word with
-- the list's default sort keys. The persons' rows are not rewritten: a million of them would
-- take half an hour with their indexes.
CREATE FUNCTION search_fold_letters(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    replace(replace(replace(lower(regexp_replace(t, '[\u0300-\u036f]', '', 'g')), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'),
    'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž',
    'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz')
$$;--> statement-breakpoint
CREATE FUNCTION search_fold_pairs(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(t, 'ae', 'a'), 'oe', 'o'), 'ue', 'u')
$$;--> statement-breakpoint
-- The words, and a name joined by a hyphen or apostrophe also as one word.
CREATE FUNCTION search_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(' ' || string_agg(DISTINCT w, ' '), '')
  FROM (SELECT search_fold_letters(coalesce(t, '')) AS l) AS f,
    unnest(regexp_split_to_array(
      search_fold_pairs(f.l) || ' ' || search_fold_pairs(regexp_replace(f.l, '[''’‐-]', '', 'g')),
      '[^a-z0-9\u00c0-\u1fff\u3040-\uffff]+')) AS w
  WHERE w <> ''
$$;--> statement-breakpoint
CREATE FUNCTION search_prefixes(words text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(w, n)
  FROM unnest(string_to_array(btrim(words), ' ')) AS w, generate_series(3, least(5, length(w))) AS n
$$;--> statement-breakpoint
-- A person's rows follow her search text and names in the writing transaction: the old rows
-- are found by their exact keys (the old search text gives the old prefixes).
CREATE FUNCTION person_search_prefixes_of(search_text text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_prefixes(search_words(search_text))
$$;--> statement-breakpoint
CREATE FUNCTION persons_search_prefixes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_prefix text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_text = OLD.search_text AND NEW.lastname = OLD.lastname
    AND NEW.firstname IS NOT DISTINCT FROM OLD.firstname THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- One whole key at a time: a lookup in the primary key whatever the table's statistics say.
    FOR old_prefix IN SELECT person_search_prefixes_of(OLD.search_text) LOOP
      DELETE FROM person_search_prefixes s
      WHERE s.prefix = old_prefix AND s.firstname_missing = (OLD.firstname IS NULL)
        AND s.firstname = coalesce(OLD.firstname, '') AND s.lastname = OLD.lastname AND s.person_id = OLD.id;
    END LOOP;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO person_search_prefixes (prefix, firstname_missing, firstname, lastname, person_id)
    SELECT p, NEW.firstname IS NULL, coalesce(NEW.firstname, ''), NEW.lastname, NEW.id
    FROM person_search_prefixes_of(NEW.search_text) AS p;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Today's persons, in one pass before the key exists.
ALTER TABLE person_search_prefixes DROP CONSTRAINT person_search_prefixes_pk;--> statement-breakpoint
INSERT INTO person_search_prefixes (prefix, firstname_missing, firstname, lastname, person_id)
SELECT p, firstname IS NULL, coalesce(firstname, ''), lastname, id FROM persons, person_search_prefixes_of(search_text) AS p;--> statement-breakpoint
ALTER TABLE person_search_prefixes ADD CONSTRAINT person_search_prefixes_pk
  PRIMARY KEY (prefix, firstname_missing, firstname, lastname, person_id);--> statement-breakpoint
CREATE TRIGGER persons_search_prefixes AFTER INSERT OR DELETE OR UPDATE OF firstname, lastname, search_text
  ON persons FOR EACH ROW EXECUTE FUNCTION persons_search_prefixes_trigger();
