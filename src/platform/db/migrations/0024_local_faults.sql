-- Faults on demand (/_local/faults, LOCAL_CONTROL=on; schema.ts localFaults) and, in the request log, the fault a request met.
CREATE TABLE "local_faults" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"project_id" text NOT NULL,
	"method" text,
	"path" text,
	"status" integer,
	"latency_ms" integer,
	"drop" boolean NOT NULL,
	"retry_after_seconds" integer,
	"times" integer,
	"remaining" integer,
	"probability" double precision NOT NULL,
	"path_as_given" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "injected_fault" jsonb;--> statement-breakpoint
ALTER TABLE "local_faults" ADD CONSTRAINT "local_faults_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_faults_project_idx" ON "local_faults" USING btree ("project_id","seq");