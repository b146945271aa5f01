CREATE TABLE "search_postings" (
	"lexeme" text NOT NULL,
	"product_id" integer NOT NULL,
	"rank" real NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_postings_product_id_lexeme_pk" PRIMARY KEY("product_id","lexeme")
);
--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings" USING btree ("lexeme","rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);