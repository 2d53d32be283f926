CREATE TABLE "redemption_rollbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"redemption_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"reason" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "taken_from" jsonb;--> statement-breakpoint
ALTER TABLE "redemption_rollbacks" ADD CONSTRAINT "redemption_rollbacks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_rollbacks" ADD CONSTRAINT "redemption_rollbacks_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redemption_rollbacks_once_uq" ON "redemption_rollbacks" USING btree ("redemption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_reversal_uq" ON "card_transactions" USING btree ("related_transaction_id") WHERE (details -> 'reversal_of') IS NOT NULL;