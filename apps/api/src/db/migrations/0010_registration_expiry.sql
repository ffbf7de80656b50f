ALTER TABLE "events" ADD COLUMN "registration_confirm_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "links_resent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_registrations_pending_expiry_idx" ON "event_registrations" USING btree ("expires_at") WHERE "event_registrations"."event_registration_state" = 10;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_confirm_hours_ck" CHECK ("events"."registration_confirm_hours" >= 1 and "events"."registration_confirm_hours" <= 720);--> statement-breakpoint
-- Pending registrations from before this migration never got a deadline in their mail: they get
-- the event's time to confirm from now on (docs/decisions/registration-expiry.md).
UPDATE "event_registrations" SET "expires_at" = now() + make_interval(hours => "events"."registration_confirm_hours") FROM "events" WHERE "events"."id" = "event_registrations"."event_id" AND "event_registrations"."event_registration_state" = 10;
