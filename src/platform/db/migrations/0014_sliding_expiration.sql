-- Sliding expiration: a point bucket keeps the policy by which the member's activity moves its last day; a card says it holds such points; the event names some rule counts as activity (docs/architecture.md, "Sliding expiration").
CREATE TABLE "sliding_activity_types" (
	"project_id" text NOT NULL,
	"event_type" text NOT NULL,
	CONSTRAINT "sliding_activity_types_project_id_event_type_pk" PRIMARY KEY("project_id","event_type")
);
--> statement-breakpoint
ALTER TABLE "point_buckets" ADD COLUMN "sliding" jsonb;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "slides" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sliding_activity_types" ADD CONSTRAINT "sliding_activity_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_buckets_sliding_idx" ON "point_buckets" USING btree ("voucher_id") WHERE remaining > 0 AND sliding IS NOT NULL;