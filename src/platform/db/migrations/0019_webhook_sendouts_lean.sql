-- Webhooks (issue 29, bench:api): no foreign-key checks on the two tables written per webhook (deleteWebhook deletes an endpoint's sendouts and attempts), and the sendout's id, made from its endpoint and event, keeps one event to one endpoint once in place of a second unique index.
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_webhook_id_webhooks_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_sendout_id_webhook_sendouts_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_sendouts" DROP CONSTRAINT "webhook_sendouts_webhook_id_webhooks_id_fk";
--> statement-breakpoint
DROP INDEX "webhook_sendouts_event_uq";
