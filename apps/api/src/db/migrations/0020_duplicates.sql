CREATE TABLE "duplicate_dismissals" (
	"person_id_1" uuid NOT NULL,
	"person_id_2" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_by" uuid,
	CONSTRAINT "duplicate_dismissals_person_id_1_person_id_2_pk" PRIMARY KEY("person_id_1","person_id_2"),
	CONSTRAINT "duplicate_dismissals_order_ck" CHECK ("duplicate_dismissals"."person_id_1" < "duplicate_dismissals"."person_id_2")
);
--> statement-breakpoint
CREATE TABLE "duplicate_keys" (
	"kind" smallint NOT NULL,
	"key" text NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "duplicate_keys_kind_key_person_id_pk" PRIMARY KEY("kind","key","person_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"person_id_1" uuid NOT NULL,
	"person_id_2" uuid NOT NULL,
	"reasons" smallint NOT NULL,
	"rank" smallint NOT NULL,
	"sort_name" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_pairs_person_id_1_person_id_2_pk" PRIMARY KEY("person_id_1","person_id_2"),
	CONSTRAINT "duplicate_pairs_order_ck" CHECK ("duplicate_pairs"."person_id_1" < "duplicate_pairs"."person_id_2")
);
--> statement-breakpoint
CREATE TABLE "duplicate_queue" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_merges" (
	"merged_person_id" uuid PRIMARY KEY NOT NULL,
	"survivor_id" uuid NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_by" uuid
);
--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_person_id_1_persons_id_fk" FOREIGN KEY ("person_id_1") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_person_id_2_persons_id_fk" FOREIGN KEY ("person_id_2") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_keys" ADD CONSTRAINT "duplicate_keys_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_person_id_1_persons_id_fk" FOREIGN KEY ("person_id_1") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_person_id_2_persons_id_fk" FOREIGN KEY ("person_id_2") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_merges" ADD CONSTRAINT "person_merges_survivor_id_persons_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_person2_idx" ON "duplicate_dismissals" USING btree ("person_id_2");--> statement-breakpoint
CREATE INDEX "duplicate_keys_person_idx" ON "duplicate_keys" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_list_idx" ON "duplicate_pairs" USING btree ("rank","sort_name","person_id_1","person_id_2");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_person2_idx" ON "duplicate_pairs" USING btree ("person_id_2");--> statement-breakpoint
CREATE INDEX "duplicate_queue_queued_idx" ON "duplicate_queue" USING btree ("queued_at");--> statement-breakpoint
CREATE INDEX "person_merges_survivor_idx" ON "person_merges" USING btree ("survivor_id");