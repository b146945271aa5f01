CREATE TABLE "created_counts" (
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "created_counts_subject_day_pk" PRIMARY KEY("subject","day"),
	CONSTRAINT "created_counts_subject_check" CHECK ("created_counts"."subject" in ('customers', 'products', 'active_products'))
);
