DROP INDEX "club_relations_person_idx";--> statement-breakpoint
DROP INDEX "persons_lastname_firstname_idx";--> statement-breakpoint
DROP INDEX "persons_firstname_lastname_idx";--> statement-breakpoint
CREATE INDEX "club_relations_person_idx" ON "club_relations" USING btree ("person_id","type","club_id","from_date","to_date");--> statement-breakpoint
CREATE INDEX "persons_lastname_firstname_idx" ON "persons" USING btree ("lastname",("firstname" is null),coalesce("firstname", ''),"id");--> statement-breakpoint
CREATE INDEX "persons_firstname_lastname_idx" ON "persons" USING btree (("firstname" is null),coalesce("firstname", ''),"lastname","id");