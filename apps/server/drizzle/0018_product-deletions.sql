CREATE TABLE "product_deletions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_deletions_deleted_idx" ON "product_deletions" USING btree ("deleted_at");