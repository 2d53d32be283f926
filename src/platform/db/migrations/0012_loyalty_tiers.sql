CREATE TABLE "loyalty_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"points_from" bigint NOT NULL,
	"points_to" bigint,
	"earning_rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rewards" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_tier_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"project_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"type" text NOT NULL,
	"tier_from" text,
	"tier_to" text,
	"since" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"previous_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tiers" (
	"voucher_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"tier_id" text,
	"since" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"state" jsonb NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "loyalty_tiers_expiration" jsonb;--> statement-breakpoint
ALTER TABLE "loyalty_tiers" ADD CONSTRAINT "loyalty_tiers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_tiers" ADD CONSTRAINT "loyalty_tiers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tier_changes" ADD CONSTRAINT "member_tier_changes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tier_changes" ADD CONSTRAINT "member_tier_changes_tier_from_loyalty_tiers_id_fk" FOREIGN KEY ("tier_from") REFERENCES "public"."loyalty_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tier_changes" ADD CONSTRAINT "member_tier_changes_tier_to_loyalty_tiers_id_fk" FOREIGN KEY ("tier_to") REFERENCES "public"."loyalty_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tier_changes" ADD CONSTRAINT "member_tier_changes_card_fk" FOREIGN KEY ("voucher_id","project_id") REFERENCES "public"."vouchers"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD CONSTRAINT "member_tiers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD CONSTRAINT "member_tiers_tier_id_loyalty_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."loyalty_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD CONSTRAINT "member_tiers_card_fk" FOREIGN KEY ("voucher_id","project_id") REFERENCES "public"."vouchers"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_tiers_campaign_idx" ON "loyalty_tiers" USING btree ("campaign_id","points_from");--> statement-breakpoint
CREATE UNIQUE INDEX "member_tier_changes_id_uq" ON "member_tier_changes" USING btree ("id");--> statement-breakpoint
CREATE INDEX "member_tier_changes_voucher_idx" ON "member_tier_changes" USING btree ("voucher_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "member_tiers_due_idx" ON "member_tiers" USING btree ("next_check_at") WHERE next_check_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_tiers_campaign_idx" ON "member_tiers" USING btree ("campaign_id");