-- Fewer reference checks on the ledger's hot path, none weaker (docs/architecture.md, "Storage").
-- Rows that name a card, or a customer, and a project check both in one composite key, which also
-- holds the row's project to the card's or customer's own; and a rule's trigger history is its
-- accruals (card_transactions.earning_rule_id) instead of a second row written with each.
CREATE UNIQUE INDEX "customers_id_project_uq" ON "customers" USING btree ("id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_id_project_uq" ON "vouchers" USING btree ("id","project_id");--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "earning_rule_id" text;--> statement-breakpoint
-- Each trigger was written with its accrual: same card, same moment, the rule named in the details.
UPDATE "card_transactions" t SET "earning_rule_id" = g."earning_rule_id"
  FROM "earning_rule_triggers" g
  WHERE t."type" = 'POINTS_ACCRUAL' AND g."voucher_id" = t."voucher_id" AND g."triggered_at" = t."created_at"
    AND t."details"->'earning_rule'->>'id' = g."earning_rule_id";--> statement-breakpoint
DROP TABLE "earning_rule_triggers";--> statement-breakpoint
ALTER TABLE "card_transactions" DROP CONSTRAINT "card_transactions_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "card_transactions" DROP CONSTRAINT "card_transactions_voucher_id_vouchers_id_fk";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "point_buckets" DROP CONSTRAINT "point_buckets_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "point_buckets" DROP CONSTRAINT "point_buckets_voucher_id_vouchers_id_fk";--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_earning_rule_id_earning_rules_id_fk" FOREIGN KEY ("earning_rule_id") REFERENCES "public"."earning_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_fk" FOREIGN KEY ("voucher_id","project_id") REFERENCES "public"."vouchers"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_customer_fk" FOREIGN KEY ("customer_id","project_id") REFERENCES "public"."customers"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_buckets" ADD CONSTRAINT "point_buckets_card_fk" FOREIGN KEY ("voucher_id","project_id") REFERENCES "public"."vouchers"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_transactions_rule_idx" ON "card_transactions" USING btree ("earning_rule_id","voucher_id","created_at") WHERE earning_rule_id IS NOT NULL;
