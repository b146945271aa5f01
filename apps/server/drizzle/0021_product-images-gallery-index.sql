DROP INDEX "product_images_product_idx";--> statement-breakpoint
CREATE INDEX "product_images_gallery_idx" ON "product_images" USING btree ("product_id","position","id","image_key");