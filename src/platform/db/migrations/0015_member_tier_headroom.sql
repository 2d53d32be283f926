ALTER TABLE "member_tiers" ADD COLUMN "headroom" bigint;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD COLUMN "card_version" text;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD COLUMN "tiers_seen" integer;