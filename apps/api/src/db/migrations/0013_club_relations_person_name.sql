ALTER TABLE "club_relations" ADD COLUMN "person_sort_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "club_relations" ADD COLUMN "person_state" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The club page (GET club/{id}/person) sorts, searches and counts a club's relations without
-- joining persons: the person's sort name and state live on the relation, kept by triggers in
-- the same transaction (docs/decisions/club-page.md). The sort name is lastname, chr(1),
-- firstname (chr(2) when there is none): under any byte-order collation that is the person
-- list's order, lastname first, then firstname with the empty ones last.
CREATE FUNCTION person_sort_name(p_firstname text, p_lastname text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_lastname || coalesce(chr(1) || p_firstname, chr(2))
$$;
--> statement-breakpoint
CREATE FUNCTION club_relations_person_copy_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT person_sort_name(p.firstname, p.lastname), p.state INTO NEW.person_sort_name, NEW.person_state
    FROM persons p WHERE p.id = NEW.person_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER club_relations_person_copy BEFORE INSERT OR UPDATE OF person_id ON club_relations
  FOR EACH ROW EXECUTE FUNCTION club_relations_person_copy_trigger();
--> statement-breakpoint
-- A renamed, archived or reactivated person: her relations follow in the same statement
-- (club_relations_person_idx finds them).
CREATE FUNCTION persons_club_relations_copy_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.firstname IS DISTINCT FROM OLD.firstname OR NEW.lastname IS DISTINCT FROM OLD.lastname
     OR NEW.state IS DISTINCT FROM OLD.state THEN
    UPDATE club_relations
       SET person_sort_name = person_sort_name(NEW.firstname, NEW.lastname), person_state = NEW.state
     WHERE person_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER persons_club_relations_copy AFTER UPDATE OF firstname, lastname, state ON persons
  FOR EACH ROW EXECUTE FUNCTION persons_club_relations_copy_trigger();
--> statement-breakpoint
UPDATE club_relations r SET person_sort_name = person_sort_name(p.firstname, p.lastname), person_state = p.state
  FROM persons p WHERE p.id = r.person_id;
--> statement-breakpoint
CREATE INDEX "club_relations_members_name_idx" ON "club_relations" USING btree ("club_id","person_sort_name","id","from_date","to_date","person_state") WHERE "club_relations"."type" < 100;
--> statement-breakpoint
CREATE INDEX "club_relations_members_from_idx" ON "club_relations" USING btree ("club_id","from_date","id","to_date","person_state") WHERE "club_relations"."type" < 100;
--> statement-breakpoint
CREATE INDEX "club_relations_roles_name_idx" ON "club_relations" USING btree ("club_id","person_sort_name","id","from_date","to_date","person_state") WHERE "club_relations"."type" >= 100;
--> statement-breakpoint
CREATE INDEX "club_relations_roles_from_idx" ON "club_relations" USING btree ("club_id","from_date","id","to_date","person_state") WHERE "club_relations"."type" >= 100;
