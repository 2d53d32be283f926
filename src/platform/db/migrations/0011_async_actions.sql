-- Async actions (GET /v1/async-actions/{id}): order imports, answered at once and carried out by a job, one at a time per project.
CREATE TABLE "async_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"request_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_message" text,
	"started_at" timestamp with time zone,
	"processing_ms" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "async_actions" ADD CONSTRAINT "async_actions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "async_actions_one_running_uq" ON "async_actions" USING btree ("project_id","type") WHERE status = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "async_actions_enqueued_idx" ON "async_actions" USING btree ("project_id","type","seq") WHERE status = 'ENQUEUED';