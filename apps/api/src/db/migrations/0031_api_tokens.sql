CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"person_id" uuid,
	"club_id" uuid,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_secret_hash_uq" UNIQUE("secret_hash"),
	CONSTRAINT "api_tokens_owner_ck" CHECK (("api_tokens"."kind" = 'personal' and "api_tokens"."person_id" is not null and "api_tokens"."club_id" is null)
        or ("api_tokens"."kind" = 'club' and "api_tokens"."club_id" is not null and "api_tokens"."person_id" is null)
        or ("api_tokens"."kind" = 'association' and "api_tokens"."person_id" is null and "api_tokens"."club_id" is null))
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_person_idx" ON "api_tokens" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "api_tokens_club_idx" ON "api_tokens" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "api_tokens_association_idx" ON "api_tokens" USING btree ("created_at") WHERE "api_tokens"."kind" = 'association';