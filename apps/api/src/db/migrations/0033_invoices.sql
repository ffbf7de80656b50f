CREATE SEQUENCE "public"."invoice_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bank_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"club_id" uuid,
	"idempotency_key" text NOT NULL,
	"account_iban" text,
	"reference_type" text,
	"reference" text,
	"amount_centimes" integer NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"booking_date" date,
	"value_date" date,
	"debtor_name" text,
	"account_servicer_ref" text,
	"end_to_end_id" text,
	"unstructured_text" text,
	"state" text NOT NULL,
	"invoice_id" uuid,
	"unmatched_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "bank_credits_state_ck" CHECK ("bank_credits"."state" in ('matched', 'unmatched', 'assigned', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "fee_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"year" smallint NOT NULL,
	"issue_date" date NOT NULL,
	"job_id" uuid,
	"pdf_job_id" uuid,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"total_centimes" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"single_centimes" integer DEFAULT 0 NOT NULL,
	"collective_centimes" integer DEFAULT 0 NOT NULL,
	"company_centimes" integer DEFAULT 0 NOT NULL,
	"young_centimes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "fee_schedules_amounts_ck" CHECK ("fee_schedules"."single_centimes" >= 0 and "fee_schedules"."collective_centimes" >= 0 and "fee_schedules"."company_centimes" >= 0 and ("fee_schedules"."young_centimes" is null or "fee_schedules"."young_centimes" >= 0))
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"source" text NOT NULL,
	"bank_credit_id" uuid,
	"idempotency_key" text,
	"amount_centimes" integer NOT NULL,
	"paid_on" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_ck" CHECK ("invoice_payments"."amount_centimes" > 0),
	CONSTRAINT "invoice_payments_source_ck" CHECK ("invoice_payments"."source" in ('camt', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "invoice_positions" (
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"amount_centimes" integer NOT NULL,
	CONSTRAINT "invoice_positions_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoice_print_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"fee_run_id" uuid,
	"reminder_run_id" uuid,
	"job_id" uuid,
	"file_id" uuid,
	"document_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_print_batches_source_ck" CHECK (("invoice_print_batches"."fee_run_id" is null) <> ("invoice_print_batches"."reminder_run_id" is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid,
	"invoice_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"delivery" smallint NOT NULL,
	"reminded_on" date NOT NULL,
	"due_date" date NOT NULL,
	"pdf_file_id" uuid,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_level_ck" CHECK ("invoice_reminders"."level" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"creditor_name" text NOT NULL,
	"street" text,
	"building_number" text,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text DEFAULT 'CH' NOT NULL,
	"iban" text NOT NULL,
	"payment_term_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "invoice_settings_terms_ck" CHECK ("invoice_settings"."payment_term_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"number_text" text NOT NULL,
	"kind" text NOT NULL,
	"club_id" uuid NOT NULL,
	"person_id" uuid,
	"year" smallint NOT NULL,
	"fee_year" smallint,
	"fee_run_id" uuid,
	"event_id" uuid,
	"registration_id" uuid,
	"recipient_name" text NOT NULL,
	"recipient_company" text,
	"recipient_address_line" text,
	"recipient_street" text,
	"recipient_building_number" text,
	"recipient_zip" text NOT NULL,
	"recipient_city" text NOT NULL,
	"recipient_country_code" text DEFAULT 'CH' NOT NULL,
	"recipient_email" text,
	"recipient_sort_name" text NOT NULL,
	"language_code" text NOT NULL,
	"creditor_name" text NOT NULL,
	"creditor_street" text,
	"creditor_building_number" text,
	"creditor_zip" text NOT NULL,
	"creditor_city" text NOT NULL,
	"creditor_country_code" text NOT NULL,
	"iban" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"total_centimes" integer NOT NULL,
	"paid_centimes" integer DEFAULT 0 NOT NULL,
	"state" smallint NOT NULL,
	"reminder_level" smallint DEFAULT 0 NOT NULL,
	"last_reminded_on" date,
	"delivery" smallint NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"pdf_file_id" uuid,
	"mailed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "invoices_amounts_ck" CHECK ("invoices"."total_centimes" >= 0 and "invoices"."paid_centimes" >= 0),
	CONSTRAINT "invoices_state_ck" CHECK ("invoices"."state" in (0, 1, 2, 3, 4)),
	CONSTRAINT "invoices_reminder_level_ck" CHECK ("invoices"."reminder_level" between 0 and 2),
	CONSTRAINT "invoices_delivery_ck" CHECK ("invoices"."delivery" in (0, 10)),
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('fee', 'event'))
);
--> statement-breakpoint
CREATE TABLE "national_fees" (
	"year" smallint PRIMARY KEY NOT NULL,
	"amount_centimes" integer NOT NULL,
	"young_centimes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "national_fees_amount_ck" CHECK ("national_fees"."amount_centimes" >= 0 and ("national_fees"."young_centimes" is null or "national_fees"."young_centimes" >= 0))
);
--> statement-breakpoint
CREATE TABLE "payment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"file_name" text,
	"file_sha256" text NOT NULL,
	"message_id" text,
	"format" text NOT NULL,
	"credit_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"unmatched_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"total_centimes" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"overdue_before" date NOT NULL,
	"job_id" uuid,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_runs_level_ck" CHECK ("reminder_runs"."level" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_ck";--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_import_id_payment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."payment_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_runs" ADD CONSTRAINT "fee_runs_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_runs" ADD CONSTRAINT "fee_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_runs" ADD CONSTRAINT "fee_runs_pdf_job_id_jobs_id_fk" FOREIGN KEY ("pdf_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_bank_credit_id_bank_credits_id_fk" FOREIGN KEY ("bank_credit_id") REFERENCES "public"."bank_credits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_batches" ADD CONSTRAINT "invoice_print_batches_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_batches" ADD CONSTRAINT "invoice_print_batches_fee_run_id_fee_runs_id_fk" FOREIGN KEY ("fee_run_id") REFERENCES "public"."fee_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_batches" ADD CONSTRAINT "invoice_print_batches_reminder_run_id_reminder_runs_id_fk" FOREIGN KEY ("reminder_run_id") REFERENCES "public"."reminder_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_batches" ADD CONSTRAINT "invoice_print_batches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_print_batches" ADD CONSTRAINT "invoice_print_batches_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_run_id_reminder_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reminder_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_run_id_fee_runs_id_fk" FOREIGN KEY ("fee_run_id") REFERENCES "public"."fee_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_runs" ADD CONSTRAINT "reminder_runs_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_runs" ADD CONSTRAINT "reminder_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credits_idempotency_uq" ON "bank_credits" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "bank_credits_import_idx" ON "bank_credits" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "bank_credits_unmatched_idx" ON "bank_credits" USING btree ("club_id","booking_date","id") WHERE "bank_credits"."state" = 'unmatched';--> statement-breakpoint
CREATE INDEX "bank_credits_invoice_idx" ON "bank_credits" USING btree ("invoice_id") WHERE "bank_credits"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "fee_runs_club_idx" ON "fee_runs" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_runs_created_idx" ON "fee_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedules_club_year_uq" ON "fee_schedules" USING btree ("club_id","year");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency_uq" ON "invoice_payments" USING btree ("idempotency_key") WHERE "invoice_payments"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_bank_credit_uq" ON "invoice_payments" USING btree ("bank_credit_id") WHERE "invoice_payments"."bank_credit_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_print_batches_club_idx" ON "invoice_print_batches" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_print_batches_created_idx" ON "invoice_print_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoice_print_batches_fee_run_idx" ON "invoice_print_batches" USING btree ("fee_run_id");--> statement-breakpoint
CREATE INDEX "invoice_print_batches_reminder_run_idx" ON "invoice_print_batches" USING btree ("reminder_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_invoice_level_uq" ON "invoice_reminders" USING btree ("invoice_id","level");--> statement-breakpoint
CREATE INDEX "invoice_reminders_run_idx" ON "invoice_reminders" USING btree ("run_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_reminders_pdf_pending_idx" ON "invoice_reminders" USING btree ("run_id","id") WHERE "invoice_reminders"."pdf_file_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_settings_club_uq" ON "invoice_settings" USING btree ("club_id") WHERE "invoice_settings"."club_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_settings_association_uq" ON "invoice_settings" USING btree ((true)) WHERE "invoice_settings"."club_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_text_uq" ON "invoices" USING btree ("number_text");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_uq" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_fee_person_uq" ON "invoices" USING btree ("person_id","club_id","fee_year") WHERE "invoices"."fee_year" is not null and "invoices"."person_id" is not null and "invoices"."state" <> 4;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_registration_uq" ON "invoices" USING btree ("registration_id") WHERE "invoices"."registration_id" is not null and "invoices"."state" <> 4;--> statement-breakpoint
CREATE INDEX "invoices_club_number_idx" ON "invoices" USING btree ("club_id","number");--> statement-breakpoint
CREATE INDEX "invoices_club_name_idx" ON "invoices" USING btree ("club_id","recipient_sort_name","number");--> statement-breakpoint
CREATE INDEX "invoices_club_due_idx" ON "invoices" USING btree ("club_id","due_date","number");--> statement-breakpoint
CREATE INDEX "invoices_club_total_idx" ON "invoices" USING btree ("club_id","total_centimes","number");--> statement-breakpoint
CREATE INDEX "invoices_club_state_idx" ON "invoices" USING btree ("club_id","state","number");--> statement-breakpoint
CREATE INDEX "invoices_club_issue_idx" ON "invoices" USING btree ("club_id","issue_date","number");--> statement-breakpoint
CREATE INDEX "invoices_club_year_idx" ON "invoices" USING btree ("club_id","year","state","total_centimes","paid_centimes");--> statement-breakpoint
CREATE INDEX "invoices_year_idx" ON "invoices" USING btree ("year","state","total_centimes","paid_centimes");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("club_id","due_date","reminder_level") WHERE "invoices"."state" in (1, 2);--> statement-breakpoint
CREATE INDEX "invoices_name_idx" ON "invoices" USING btree ("recipient_sort_name","number");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","number");--> statement-breakpoint
CREATE INDEX "invoices_name_trgm_idx" ON "invoices" USING gin ("recipient_sort_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_text_trgm_idx" ON "invoices" USING gin ("number_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_person_idx" ON "invoices" USING btree ("person_id","number");--> statement-breakpoint
CREATE INDEX "invoices_fee_run_idx" ON "invoices" USING btree ("fee_run_id","number");--> statement-breakpoint
CREATE INDEX "invoices_event_idx" ON "invoices" USING btree ("event_id","number");--> statement-breakpoint
CREATE INDEX "invoices_pdf_pending_idx" ON "invoices" USING btree ("fee_run_id","number") WHERE "invoices"."pdf_file_id" is null;--> statement-breakpoint
CREATE INDEX "invoices_pdf_file_idx" ON "invoices" USING btree ("pdf_file_id") WHERE "invoices"."pdf_file_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_imports_club_idx" ON "payment_imports" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_imports_created_idx" ON "payment_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reminder_runs_club_idx" ON "reminder_runs" USING btree ("club_id","created_at");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_ck" CHECK ("stored_files"."kind" in ('avatar', 'competence_logo', 'event_image', 'invoice_pdf', 'reminder_pdf', 'print_batch'));