CREATE INDEX "proposal_lines_product_idx" ON "proposal_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "proposal_lines_photo_idx" ON "proposal_lines" USING btree ("photo_key") WHERE "proposal_lines"."photo_key" is not null;--> statement-breakpoint
CREATE INDEX "proposals_created_by_idx" ON "proposals" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "quote_request_items_product_idx" ON "quote_request_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "quote_requests_user_idx" ON "quote_requests" USING btree ("user_id");