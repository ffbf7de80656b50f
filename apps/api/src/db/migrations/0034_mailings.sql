CREATE TABLE "mailing_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mailing_id" uuid NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_subscriptions" (
	"list_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_list_subscriptions_list_id_person_id_pk" PRIMARY KEY("list_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mailing_id" uuid NOT NULL,
	"person_id" uuid,
	"registration_id" uuid,
	"address" "citext" NOT NULL,
	"language" text NOT NULL,
	"salutation" smallint,
	"firstname" text,
	"lastname" text,
	"club_name" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"handed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"outbox_id" uuid
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"audience_kind" text NOT NULL,
	"audience" jsonb NOT NULL,
	"event_id" uuid,
	"mailing_list_id" uuid,
	"is_advertising" boolean DEFAULT false NOT NULL,
	"texts" jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"recipient_total" integer,
	"without_consent" integer,
	"without_email" integer,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_requested_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_ck";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mailing_attachments" ADD CONSTRAINT "mailing_attachments_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_attachments" ADD CONSTRAINT "mailing_attachments_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_subscriptions" ADD CONSTRAINT "mailing_list_subscriptions_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_subscriptions" ADD CONSTRAINT "mailing_list_subscriptions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD CONSTRAINT "mailing_lists_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_mailing_list_id_mailing_lists_id_fk" FOREIGN KEY ("mailing_list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_attachments_mailing_idx" ON "mailing_attachments" USING btree ("mailing_id","created_at");--> statement-breakpoint
CREATE INDEX "mailing_list_subscriptions_person_idx" ON "mailing_list_subscriptions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "mailing_lists_club_name_idx" ON "mailing_lists" USING btree ("club_id","name","id");--> statement-breakpoint
CREATE INDEX "mailing_lists_name_idx" ON "mailing_lists" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_recipients_address_uq" ON "mailing_recipients" USING btree ("mailing_id","address");--> statement-breakpoint
CREATE INDEX "mailing_recipients_state_idx" ON "mailing_recipients" USING btree ("mailing_id","state","id");--> statement-breakpoint
CREATE INDEX "mailing_recipients_order_idx" ON "mailing_recipients" USING btree ("mailing_id","id");--> statement-breakpoint
CREATE INDEX "mailing_recipients_handed_idx" ON "mailing_recipients" USING btree ("handed_at") WHERE "mailing_recipients"."handed_at" is not null;--> statement-breakpoint
CREATE INDEX "mailing_recipients_person_idx" ON "mailing_recipients" USING btree ("person_id") WHERE "mailing_recipients"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "mailings_club_created_idx" ON "mailings" USING btree ("club_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mailings_sending_idx" ON "mailings" USING btree ("send_requested_at") WHERE "mailings"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "mailings_event_idx" ON "mailings" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "mailings_list_idx" ON "mailings" USING btree ("mailing_list_id");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_ck" CHECK ("stored_files"."kind" in ('avatar', 'competence_logo', 'event_image', 'invoice_pdf', 'reminder_pdf', 'print_batch', 'mailing_attachment'));