-- Member search by part of a value (ILIKE '%…%') uses trigram indexes: pg_trgm is trusted (no superuser needed) and PGlite loads it (client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "point_buckets_due_idx";--> statement-breakpoint
CREATE INDEX "card_transactions_voucher_seq_idx" ON "card_transactions" USING btree ("voucher_id","seq");--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_source_trgm_idx" ON "customers" USING gin ("source_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_code_trgm_idx" ON "vouchers" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_campaign_created_idx" ON "vouchers" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "point_buckets_due_idx" ON "point_buckets" USING btree ("expires_on","voucher_id") WHERE remaining > 0 AND expires_on IS NOT NULL;