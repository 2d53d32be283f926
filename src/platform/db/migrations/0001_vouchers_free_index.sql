DROP INDEX "vouchers_free_idx";--> statement-breakpoint
CREATE INDEX "vouchers_free_idx" ON "vouchers" USING btree ("campaign_id","created_at","id") WHERE holder_id IS NULL;