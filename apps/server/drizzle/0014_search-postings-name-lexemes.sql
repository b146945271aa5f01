DROP INDEX "search_postings_rank_idx";--> statement-breakpoint
ALTER TABLE "search_postings" ADD COLUMN "name_lexemes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings" USING btree ("lexeme","rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST,"name_lexemes");