CREATE TABLE "password_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"purpose" smallint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "refresh_tokens_token_hash_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"username" "citext" NOT NULL,
	"password_hash" text,
	"accepted_terms_at" timestamp with time zone,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_central_committee" boolean DEFAULT false NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_accounts_person_id_uq" UNIQUE("person_id"),
	CONSTRAINT "user_accounts_username_uq" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "address_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"label" text,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_phones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"phone_type" smallint DEFAULT 0 NOT NULL,
	"label" text,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_urls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"url_type" smallint DEFAULT 0 NOT NULL,
	"label" text,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"address_type" smallint DEFAULT 0 NOT NULL,
	"label" text NOT NULL,
	"salutation" smallint,
	"title" smallint,
	"firstname" text,
	"lastname" text,
	"company" text,
	"company_sector" text,
	"company_role" text,
	"main_competence" text,
	"competences" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"competence_logo_id" uuid,
	"address1" text,
	"address2" text,
	"street" text,
	"city" text,
	"zip" text,
	"county" text,
	"state" text,
	"country_code" text DEFAULT 'CH' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_person_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "club_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"membership_type_label" text,
	"from_date" date NOT NULL,
	"to_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "club_relations_dates_ck" CHECK ("club_relations"."to_date" is null or "club_relations"."to_date" >= "club_relations"."from_date")
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"club_type" smallint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_custom_field_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_custom_field_id" uuid NOT NULL,
	"value" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"mode_member" smallint NOT NULL,
	"mode_guest" smallint NOT NULL,
	"show_in_list" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_category_links" (
	"event_id" uuid NOT NULL,
	"event_category_id" uuid NOT NULL,
	CONSTRAINT "event_category_links_event_id_event_category_id_pk" PRIMARY KEY("event_id","event_category_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"event_state" smallint DEFAULT 10 NOT NULL,
	"event_from" timestamp with time zone NOT NULL,
	"event_to" timestamp with time zone,
	"registration_slots" integer,
	"registration_to" timestamp with time zone,
	"unregistration_to" timestamp with time zone,
	"external_registration_url" text,
	"contact_details" text,
	"is_registration_list_public" boolean DEFAULT false NOT NULL,
	"location" text NOT NULL,
	"address1" text,
	"address2" text,
	"street" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"county" text,
	"state" text,
	"country_code" text DEFAULT 'CH' NOT NULL,
	"teaser_text" text NOT NULL,
	"description" text,
	"cost" text,
	"default_language_code" text DEFAULT 'de' NOT NULL,
	"geo_coding_status" smallint DEFAULT 0 NOT NULL,
	"lat" double precision,
	"long" double precision,
	"responsible_club_id" uuid NOT NULL,
	"event_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "events_slots_ck" CHECK ("events"."registration_slots" is null or "events"."registration_slots" >= 0),
	CONSTRAINT "events_dates_ck" CHECK ("events"."event_to" is null or "events"."event_to" >= "events"."event_from")
);
--> statement-breakpoint
CREATE TABLE "stored_file_variants" (
	"file_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"mime_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_variants_file_id_variant_pk" PRIMARY KEY("file_id","variant")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_kind_ck" CHECK ("stored_files"."kind" in ('avatar', 'competence_logo', 'event_image'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"club_id" uuid,
	"notification_type" smallint NOT NULL,
	"is_application_enabled" boolean DEFAULT true NOT NULL,
	"is_email_enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_subscriptions_person_club_type_uq" UNIQUE NULLS NOT DISTINCT("person_id","club_id","notification_type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"notification_type" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"event_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_mentoring_areas" (
	"person_id" uuid NOT NULL,
	"person_mentoring_type" smallint NOT NULL,
	CONSTRAINT "person_mentoring_areas_person_id_person_mentoring_type_pk" PRIMARY KEY("person_id","person_mentoring_type")
);
--> statement-breakpoint
CREATE TABLE "person_spoken_languages" (
	"person_id" uuid NOT NULL,
	"language_code" text NOT NULL,
	CONSTRAINT "person_spoken_languages_person_id_language_code_pk" PRIMARY KEY("person_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salutation" smallint,
	"title" smallint,
	"firstname" text,
	"lastname" text NOT NULL,
	"birthday" date,
	"time_zone" text DEFAULT 'Europe/Zurich' NOT NULL,
	"language_code" text DEFAULT 'de' NOT NULL,
	"country_code" text,
	"is_profile_public" boolean DEFAULT false NOT NULL,
	"is_presentation_done" boolean DEFAULT false NOT NULL,
	"is_coach" boolean DEFAULT false NOT NULL,
	"employment_type" smallint,
	"bpw_courier" smallint,
	"advertising" smallint DEFAULT 0 NOT NULL,
	"coach1_id" uuid,
	"coach2_id" uuid,
	"primary_club_id" uuid,
	"primary_address_id" uuid,
	"primary_phone_id" uuid,
	"primary_email_id" uuid,
	"primary_url_id" uuid,
	"avatar_id" uuid,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"event_publication_state" smallint DEFAULT 10 NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_publications_event_club_uq" UNIQUE("event_id","club_id")
);
--> statement-breakpoint
CREATE TABLE "event_custom_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"event_custom_field_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "event_custom_field_values_registration_field_uq" UNIQUE("registration_id","event_custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"person_id" uuid,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"address1" text,
	"address2" text,
	"street" text,
	"city" text,
	"zip" text,
	"county" text,
	"state" text,
	"country_code" text,
	"email" "citext" NOT NULL,
	"remarks" text,
	"unregistration_remarks" text,
	"payment_state" smallint DEFAULT 0 NOT NULL,
	"payment_status" smallint DEFAULT 10 NOT NULL,
	"event_registration_state" smallint DEFAULT 10 NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unregistered_at" timestamp with time zone,
	"link_key_hash" text NOT NULL,
	CONSTRAINT "event_registrations_link_key_hash_uq" UNIQUE("link_key_hash")
);
--> statement-breakpoint
CREATE TABLE "scheduler_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_runs_job_run_key_pk" PRIMARY KEY("job","run_key")
);
--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_emails" ADD CONSTRAINT "address_emails_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_emails" ADD CONSTRAINT "address_emails_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_phones" ADD CONSTRAINT "address_phones_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_phones" ADD CONSTRAINT "address_phones_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_urls" ADD CONSTRAINT "address_urls_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_urls" ADD CONSTRAINT "address_urls_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_competence_logo_id_stored_files_id_fk" FOREIGN KEY ("competence_logo_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_relations" ADD CONSTRAINT "club_relations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_relations" ADD CONSTRAINT "club_relations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_custom_field_options" ADD CONSTRAINT "event_custom_field_options_event_custom_field_id_event_custom_fields_id_fk" FOREIGN KEY ("event_custom_field_id") REFERENCES "public"."event_custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_custom_fields" ADD CONSTRAINT "event_custom_fields_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_category_links" ADD CONSTRAINT "event_category_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_category_links" ADD CONSTRAINT "event_category_links_event_category_id_event_categories_id_fk" FOREIGN KEY ("event_category_id") REFERENCES "public"."event_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_responsible_club_id_clubs_id_fk" FOREIGN KEY ("responsible_club_id") REFERENCES "public"."clubs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_image_id_stored_files_id_fk" FOREIGN KEY ("event_image_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_variants" ADD CONSTRAINT "stored_file_variants_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_mentoring_areas" ADD CONSTRAINT "person_mentoring_areas_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_spoken_languages" ADD CONSTRAINT "person_spoken_languages_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_coach1_id_persons_id_fk" FOREIGN KEY ("coach1_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_coach2_id_persons_id_fk" FOREIGN KEY ("coach2_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_primary_club_id_clubs_id_fk" FOREIGN KEY ("primary_club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_primary_address_id_addresses_id_fk" FOREIGN KEY ("primary_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_primary_phone_id_address_phones_id_fk" FOREIGN KEY ("primary_phone_id") REFERENCES "public"."address_phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_primary_email_id_address_emails_id_fk" FOREIGN KEY ("primary_email_id") REFERENCES "public"."address_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_primary_url_id_address_urls_id_fk" FOREIGN KEY ("primary_url_id") REFERENCES "public"."address_urls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_avatar_id_stored_files_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_publications" ADD CONSTRAINT "event_publications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_publications" ADD CONSTRAINT "event_publications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_custom_field_values" ADD CONSTRAINT "event_custom_field_values_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_custom_field_values" ADD CONSTRAINT "event_custom_field_values_event_custom_field_id_event_custom_fields_id_fk" FOREIGN KEY ("event_custom_field_id") REFERENCES "public"."event_custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_tokens_person_idx" ON "password_tokens" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_chain_idx" ON "refresh_tokens" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_person_idx" ON "refresh_tokens" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "address_emails_address_idx" ON "address_emails" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "address_emails_person_idx" ON "address_emails" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "address_emails_value_trgm_idx" ON "address_emails" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_phones_address_idx" ON "address_phones" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "address_phones_person_idx" ON "address_phones" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "address_urls_address_idx" ON "address_urls" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "address_urls_person_idx" ON "address_urls" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "addresses_person_idx" ON "addresses" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "addresses_company_trgm_idx" ON "addresses" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_zip_idx" ON "addresses" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "addresses_city_idx" ON "addresses" USING btree ("city");--> statement-breakpoint
CREATE INDEX "addresses_competences_idx" ON "addresses" USING gin ("competences");--> statement-breakpoint
CREATE INDEX "addresses_competence_logo_idx" ON "addresses" USING btree ("competence_logo_id") WHERE "addresses"."competence_logo_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "club_relations_club_type_dates_idx" ON "club_relations" USING btree ("club_id","type","from_date","to_date");--> statement-breakpoint
CREATE INDEX "club_relations_person_idx" ON "club_relations" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "event_custom_field_options_field_idx" ON "event_custom_field_options" USING btree ("event_custom_field_id","sort_order");--> statement-breakpoint
CREATE INDEX "event_custom_fields_event_idx" ON "event_custom_fields" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE INDEX "event_category_links_category_idx" ON "event_category_links" USING btree ("event_category_id","event_id");--> statement-breakpoint
CREATE INDEX "events_dates_idx" ON "events" USING btree ("event_from","event_to");--> statement-breakpoint
CREATE INDEX "events_responsible_club_idx" ON "events" USING btree ("responsible_club_id");--> statement-breakpoint
CREATE INDEX "events_state_idx" ON "events" USING btree ("event_state");--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_subscriptions_club_type_idx" ON "notification_subscriptions" USING btree ("club_id","notification_type");--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("person_id","channel","is_read","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_event_idx" ON "notifications" USING btree ("event_id") WHERE "notifications"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "person_mentoring_areas_type_idx" ON "person_mentoring_areas" USING btree ("person_mentoring_type","person_id");--> statement-breakpoint
CREATE INDEX "persons_firstname_trgm_idx" ON "persons" USING gin ("firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_lastname_trgm_idx" ON "persons" USING gin ("lastname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_lastname_firstname_idx" ON "persons" USING btree ("lastname","firstname");--> statement-breakpoint
CREATE INDEX "persons_firstname_lastname_idx" ON "persons" USING btree ("firstname","lastname");--> statement-breakpoint
CREATE INDEX "persons_state_idx" ON "persons" USING btree ("state");--> statement-breakpoint
CREATE INDEX "persons_primary_club_idx" ON "persons" USING btree ("primary_club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_primary_address_uq" ON "persons" USING btree ("primary_address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_primary_phone_uq" ON "persons" USING btree ("primary_phone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_primary_email_uq" ON "persons" USING btree ("primary_email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_primary_url_uq" ON "persons" USING btree ("primary_url_id");--> statement-breakpoint
CREATE INDEX "persons_avatar_idx" ON "persons" USING btree ("avatar_id") WHERE "persons"."avatar_id" is not null;--> statement-breakpoint
CREATE INDEX "persons_coach1_idx" ON "persons" USING btree ("coach1_id") WHERE "persons"."coach1_id" is not null;--> statement-breakpoint
CREATE INDEX "persons_coach2_idx" ON "persons" USING btree ("coach2_id") WHERE "persons"."coach2_id" is not null;--> statement-breakpoint
CREATE INDEX "event_publications_club_idx" ON "event_publications" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "event_custom_field_values_field_idx" ON "event_custom_field_values" USING btree ("event_custom_field_id");--> statement-breakpoint
CREATE INDEX "event_registrations_event_state_idx" ON "event_registrations" USING btree ("event_id","event_registration_state","registered_at");--> statement-breakpoint
CREATE INDEX "event_registrations_person_idx" ON "event_registrations" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_active_email_uq" ON "event_registrations" USING btree ("event_id","email") WHERE "event_registrations"."event_registration_state" in (10, 30);--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_active_person_uq" ON "event_registrations" USING btree ("event_id","person_id") WHERE "event_registrations"."person_id" is not null and "event_registrations"."event_registration_state" in (10, 30);