ALTER TABLE "conversations" ADD COLUMN "unread_for_admin" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unread_for_customer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_admin_unread_idx" ON "conversations" USING btree ("unread_for_admin") WHERE "conversations"."unread_for_admin" > 0;--> statement-breakpoint
CREATE INDEX "notifications_sender_idx" ON "notifications" USING btree (("data" ->> 'sender_id')) WHERE ("notifications"."data" ->> 'sender_id') is not null;--> statement-breakpoint
CREATE INDEX "notifications_design_idx" ON "notifications" USING btree (("data" ->> 'design_id')) WHERE ("notifications"."data" ->> 'design_id') is not null;