CREATE TABLE "payment_import_details" (
	"import_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea",
	"job_id" uuid,
	"partly_paid_count" integer DEFAULT 0 NOT NULL,
	"surplus_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_import_details" ADD CONSTRAINT "payment_import_details_import_id_payment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."payment_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_import_details" ADD CONSTRAINT "payment_import_details_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The admin's all-clubs invoice list sorts by amount, state and invoice date (the club lists have theirs in 0033).
CREATE INDEX "invoices_all_total_idx" ON "invoices" USING btree ("total_centimes","number");--> statement-breakpoint
CREATE INDEX "invoices_all_state_idx" ON "invoices" USING btree ("state","number");--> statement-breakpoint
CREATE INDEX "invoices_all_issue_idx" ON "invoices" USING btree ("issue_date","number");
