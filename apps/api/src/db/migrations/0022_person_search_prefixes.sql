CREATE TABLE "person_search_prefixes" (
	"prefix" text NOT NULL,
	"firstname_missing" boolean NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "person_search_prefixes_pk" PRIMARY KEY("prefix","firstname_missing","firstname","lastname","person_id")
);
