CREATE TABLE "membership_development_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"interested" integer NOT NULL,
	"single" integer NOT NULL,
	"young" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
