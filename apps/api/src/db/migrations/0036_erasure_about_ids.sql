-- Issue 25: an erasure finds the notices and mails about her by id (about_id) and the mails to her
-- by lower(to_address), never by scanning subjects or titles for her name.
ALTER TABLE "mail_outbox" ADD COLUMN "about_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "about_id" uuid;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_address_idx" ON "mail_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING btree ("about_id") WHERE "mail_outbox"."about_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_about_idx" ON "notifications" USING btree ("about_id") WHERE "notifications"."about_id" is not null;