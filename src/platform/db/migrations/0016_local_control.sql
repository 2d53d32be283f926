CREATE TABLE "project_fixtures" (
	"project_id" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"request_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" double precision NOT NULL,
	"auth_method" text NOT NULL,
	"api_key_id" text NOT NULL,
	"token_id" text,
	"dashboard_user_id" text,
	"request_body" text,
	"request_body_truncated" boolean NOT NULL,
	"response_body" text,
	"response_body_truncated" boolean NOT NULL,
	"customer_ids" text[] NOT NULL,
	"card_ids" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_fixtures" ADD CONSTRAINT "project_fixtures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_project_idx" ON "request_log" USING btree ("project_id","seq");