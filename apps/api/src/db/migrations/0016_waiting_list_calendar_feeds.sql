CREATE SEQUENCE "public"."event_registration_waiting_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_key_hash_uq" UNIQUE("key_hash")
);
--> statement-breakpoint
DROP INDEX "event_registrations_active_email_uq";--> statement-breakpoint
DROP INDEX "event_registrations_active_person_uq";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "has_waiting_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_waiting_list_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_list_confirm_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "waiting_number" bigint;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "moved_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_current_email_uq" ON "event_registrations" USING btree ("event_id","email") WHERE "event_registrations"."event_registration_state" in (10, 20, 30);--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_current_person_uq" ON "event_registrations" USING btree ("event_id","person_id") WHERE "event_registrations"."person_id" is not null and "event_registrations"."event_registration_state" in (10, 20, 30);--> statement-breakpoint
CREATE INDEX "event_registrations_waiting_idx" ON "event_registrations" USING btree ("event_id","waiting_number") WHERE "event_registrations"."event_registration_state" = 20;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waiting_list_confirm_hours_ck" CHECK ("events"."waiting_list_confirm_hours" >= 1 and "events"."waiting_list_confirm_hours" <= 720);