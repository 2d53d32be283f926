CREATE TABLE "management_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"sendout_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"response" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"xid" bigint NOT NULL,
	"key" text
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint)
);
--> statement-breakpoint
CREATE TABLE "webhook_sendouts" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"project_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"lease_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"target_url" text NOT NULL,
	"events" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"failed_sendouts" integer DEFAULT 0 NOT NULL,
	"created_snapshot" text DEFAULT (pg_current_snapshot()::text) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
-- Added without a default first, so existing rows stay NULL (no table rewrite); new rows get their writer's xid.
ALTER TABLE "card_transactions" ADD COLUMN "xid" bigint;--> statement-breakpoint
ALTER TABLE "card_transactions" ALTER COLUMN "xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
-- Added without a default first, so existing rows stay NULL (no table rewrite); new rows get their writer's xid.
ALTER TABLE "events" ADD COLUMN "xid" bigint;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
-- Added without a default first, so existing rows stay NULL (no table rewrite); new rows get their writer's xid.
ALTER TABLE "publications" ADD COLUMN "xid" bigint;--> statement-breakpoint
ALTER TABLE "publications" ALTER COLUMN "xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
ALTER TABLE "management_keys" ADD CONSTRAINT "management_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_sendout_id_webhook_sendouts_id_fk" FOREIGN KEY ("sendout_id") REFERENCES "public"."webhook_sendouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sendouts" ADD CONSTRAINT "webhook_sendouts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "webhook_attempts" USING btree ("webhook_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_attempts_sendout_idx" ON "webhook_attempts" USING btree ("sendout_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_outbox_xid_idx" ON "webhook_outbox" USING btree ("xid","seq");--> statement-breakpoint
CREATE INDEX "webhook_outbox_subject_idx" ON "webhook_outbox" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_sendouts_event_uq" ON "webhook_sendouts" USING btree ("webhook_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_sendouts_due_idx" ON "webhook_sendouts" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_sendouts_webhook_idx" ON "webhook_sendouts" USING btree ("webhook_id","seq");--> statement-breakpoint
CREATE INDEX "webhooks_project_idx" ON "webhooks" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_transactions_xid_brin" ON "card_transactions" USING brin ("xid");--> statement-breakpoint
CREATE INDEX "events_xid_brin" ON "events" USING brin ("xid");--> statement-breakpoint
CREATE INDEX "publications_xid_brin" ON "publications" USING brin ("xid");