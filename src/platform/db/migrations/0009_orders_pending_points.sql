-- Orders and the points they hold back (pending points); an earning rule may hold what it earns; a card's points bounded so every total stays exact (docs/architecture.md, "Card changes").
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"source_id" text,
	"status" text NOT NULL,
	"customer_id" text,
	"referrer_id" text,
	"amount" bigint NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"items_discount_amount" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_points" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text,
	"earning_rule_id" text,
	"points" bigint NOT NULL,
	"activates_on" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"points_expiration" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "earning_rules" ADD COLUMN "pending_points" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_earning_rule_id_earning_rules_id_fk" FOREIGN KEY ("earning_rule_id") REFERENCES "public"."earning_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_card_fk" FOREIGN KEY ("voucher_id","project_id") REFERENCES "public"."vouchers"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_project_source_uq" ON "orders" USING btree ("project_id","source_id");--> statement-breakpoint
CREATE INDEX "orders_project_created_idx" ON "orders" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("project_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_points_card_idx" ON "pending_points" USING btree ("voucher_id","id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "pending_points_campaign_idx" ON "pending_points" USING btree ("campaign_id","id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "pending_points_due_idx" ON "pending_points" USING btree ("activates_on") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "pending_points_order_idx" ON "pending_points" USING btree ("order_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "pending_points_rule_idx" ON "pending_points" USING btree ("earning_rule_id","voucher_id","created_at");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_points_limit" CHECK (points <= 1000000000000000 AND pending_points <= 1000000000000000);