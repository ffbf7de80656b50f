CREATE TABLE "audit_exported_persons" (
	"audit_entry_id" uuid NOT NULL,
	"batch_number" integer NOT NULL,
	"person_ids" uuid[] NOT NULL,
	CONSTRAINT "audit_exported_persons_audit_entry_id_batch_number_pk" PRIMARY KEY("audit_entry_id","batch_number")
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "subject_person_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_exported_persons" ADD CONSTRAINT "audit_exported_persons_audit_entry_id_audit_entries_id_fk" FOREIGN KEY ("audit_entry_id") REFERENCES "public"."audit_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_exported_persons_person_ids_idx" ON "audit_exported_persons" USING gin ("person_ids");--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" USING btree ("subject_person_id","at");--> statement-breakpoint
-- Entries written before the column existed: a person's own entries, and her club relations' where the relation still exists.
UPDATE "audit_entries" SET "subject_person_id" = "entity_id" WHERE "entity" = 'person';--> statement-breakpoint
UPDATE "audit_entries" e SET "subject_person_id" = r."person_id" FROM "club_relations" r WHERE e."entity" = 'clubRelation' AND r."id" = e."entity_id";
