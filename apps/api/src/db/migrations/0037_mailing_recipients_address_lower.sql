DROP INDEX "mailing_recipients_address_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_recipients_address_uq" ON "mailing_recipients" USING btree ("mailing_id",lower("address"::text));