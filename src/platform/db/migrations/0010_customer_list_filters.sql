CREATE INDEX "customers_project_email_idx" ON "customers" USING btree ("project_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_project_name_idx" ON "customers" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_project_city_idx" ON "customers" USING btree ("project_id",lower("address"->>'city'));--> statement-breakpoint
CREATE INDEX "customers_project_created_idx" ON "customers" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_project_updated_idx" ON "customers" USING btree ("project_id","updated_at","id");