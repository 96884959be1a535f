ALTER TABLE "mail_outbox" ADD COLUMN "action_url" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");