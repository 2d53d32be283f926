CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"ip_allowlist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"campaign_type" text DEFAULT 'LOYALTY_PROGRAM' NOT NULL,
	"type" text NOT NULL,
	"code_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category_id" text,
	"voucher_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"project_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"type" text NOT NULL,
	"source_id" text,
	"reason" text,
	"source" text DEFAULT 'API' NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"related_transaction_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"hierarchy" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"source_id" text,
	"name" text,
	"description" text,
	"email" text,
	"phone" text,
	"birthdate" text,
	"birthday" text,
	"address" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "earning_rule_assignments" (
	"project_id" text NOT NULL,
	"earning_rule_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	CONSTRAINT "earning_rule_assignments_earning_rule_id_campaign_id_pk" PRIMARY KEY("earning_rule_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "earning_rule_triggers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"earning_rule_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"triggered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earning_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"earnings" jsonb NOT NULL,
	"validity_hours" jsonb NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"trigger_limits" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_schemas" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referral" jsonb,
	"loyalty" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"exported_object" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"result" jsonb,
	"user_id" text,
	"error_message" text,
	"file_key" text,
	"download_token_hash" text,
	"download_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"shape" jsonb NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "point_buckets" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"points" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"expires_on" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"tracking_id" text,
	"source_id" text,
	"channel" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" text DEFAULT 'SUCCESS' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_members" (
	"segment_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"project_id" text NOT NULL,
	CONSTRAINT "segment_members_segment_id_customer_id_pk" PRIMARY KEY("segment_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"filter" jsonb,
	"initial_sync_status" text DEFAULT 'DONE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'LOYALTY_CARD' NOT NULL,
	"category_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"start_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	"validity_timeframe" jsonb,
	"validity_day_of_week" jsonb,
	"validity_hours" jsonb,
	"additional_info" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"holder_id" text,
	"publish_count" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"expired_points" bigint DEFAULT 0 NOT NULL,
	"subtracted_points" bigint DEFAULT 0 NOT NULL,
	"pending_points" bigint DEFAULT 0 NOT NULL,
	"redeemed_points" bigint DEFAULT 0 NOT NULL,
	"redeemed_quantity" integer DEFAULT 0 NOT NULL,
	"redemption_quantity" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rule_assignments" ADD CONSTRAINT "earning_rule_assignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rule_assignments" ADD CONSTRAINT "earning_rule_assignments_earning_rule_id_earning_rules_id_fk" FOREIGN KEY ("earning_rule_id") REFERENCES "public"."earning_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rule_assignments" ADD CONSTRAINT "earning_rule_assignments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rule_triggers" ADD CONSTRAINT "earning_rule_triggers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rule_triggers" ADD CONSTRAINT "earning_rule_triggers_earning_rule_id_earning_rules_id_fk" FOREIGN KEY ("earning_rule_id") REFERENCES "public"."earning_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rule_triggers" ADD CONSTRAINT "earning_rule_triggers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_rules" ADD CONSTRAINT "earning_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_schemas" ADD CONSTRAINT "event_schemas_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_buckets" ADD CONSTRAINT "point_buckets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_buckets" ADD CONSTRAINT "point_buckets_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_holder_id_customers_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_project_name_uq" ON "campaigns" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_id_uq" ON "card_transactions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "card_transactions_voucher_idx" ON "card_transactions" USING btree ("voucher_id","created_at","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_project_source_uq" ON "customers" USING btree ("project_id","source_id");--> statement-breakpoint
CREATE INDEX "earning_rule_triggers_idx" ON "earning_rule_triggers" USING btree ("earning_rule_id","voucher_id","triggered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_schemas_project_name_uq" ON "event_schemas" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "events_customer_idx" ON "events" USING btree ("project_id","customer_id","type");--> statement-breakpoint
CREATE INDEX "exports_project_created_idx" ON "exports" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_project_created_idx" ON "locations" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_tokens_hash_uq" ON "oauth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth_tokens_project_idx" ON "oauth_tokens" USING btree ("project_id","expires_at");--> statement-breakpoint
CREATE INDEX "point_buckets_due_idx" ON "point_buckets" USING btree ("expires_on") WHERE remaining > 0 AND expires_on IS NOT NULL;--> statement-breakpoint
CREATE INDEX "point_buckets_voucher_idx" ON "point_buckets" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_join_once_uq" ON "publications" USING btree ("campaign_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_source_uq" ON "publications" USING btree ("project_id","source_id");--> statement-breakpoint
CREATE INDEX "publications_voucher_idx" ON "publications" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "publications_customer_idx" ON "publications" USING btree ("project_id","customer_id");--> statement-breakpoint
CREATE INDEX "segment_members_customer_idx" ON "segment_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_project_code_uq" ON "vouchers" USING btree ("project_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_free_idx" ON "vouchers" USING btree ("campaign_id","created_at") WHERE holder_id IS NULL;--> statement-breakpoint
CREATE INDEX "vouchers_holder_idx" ON "vouchers" USING btree ("project_id","holder_id");