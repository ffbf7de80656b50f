CREATE TABLE "application_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"is_published" boolean DEFAULT false NOT NULL,
	"intro" jsonb NOT NULL,
	"membership_types" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "application_forms_club_uq" UNIQUE NULLS NOT DISTINCT("club_id")
);
--> statement-breakpoint
CREATE TABLE "membership_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid,
	"state" smallint DEFAULT 0 NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"birthday" date NOT NULL,
	"language_code" text NOT NULL,
	"street" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text,
	"email" "citext" NOT NULL,
	"phone" text,
	"membership_type" smallint NOT NULL,
	"advertising" smallint DEFAULT 0 NOT NULL,
	"answers" jsonb NOT NULL,
	"decisions" jsonb NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"link_mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_applications_key_hash_uq" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_applications_club_state_idx" ON "membership_applications" USING btree ("club_id","state","confirmed_at","id");--> statement-breakpoint
CREATE INDEX "membership_applications_club_email_idx" ON "membership_applications" USING btree ("club_id","email");--> statement-breakpoint
CREATE INDEX "membership_applications_expires_idx" ON "membership_applications" USING btree ("expires_at");--> statement-breakpoint
-- The administrators, who decide the applications without a club (issue 25): a few rows of many.
CREATE INDEX "user_accounts_admins_idx" ON "user_accounts" USING btree ("person_id") WHERE "is_admin";
