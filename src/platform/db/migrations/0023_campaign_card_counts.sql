CREATE TABLE "campaign_card_counts" (
	"campaign_id" text NOT NULL,
	"slot" integer NOT NULL,
	"cards" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_card_counts_campaign_id_slot_pk" PRIMARY KEY("campaign_id","slot")
);
--> statement-breakpoint
ALTER TABLE "campaign_card_counts" ADD CONSTRAINT "campaign_card_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- List Members' total without counting every card of a program (issue 31; schema.ts, campaignCardCounts).
-- Each backend adds to its own slot, so concurrent writers of one program's cards do not queue on one row.
-- Cards made or deleted: once per statement, over its transition table (named `moved` by both triggers below).
CREATE FUNCTION campaign_card_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE step int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO campaign_card_counts AS c (campaign_id, slot, cards, held)
    SELECT campaign_id, pg_backend_pid() % 16, step * count(*), step * count(holder_id) FROM moved GROUP BY campaign_id
    ON CONFLICT (campaign_id, slot) DO UPDATE SET cards = c.cards + excluded.cards, held = c.held + excluded.held;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A card changing hands (published, or its holder erased): per row, and only when the holder column is
-- written, so the hot paths' card updates (points, balance) fire nothing.
CREATE FUNCTION campaign_card_counts_holder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_card_counts AS c (campaign_id, slot, held)
    VALUES (NEW.campaign_id, pg_backend_pid() % 16, (NEW.holder_id IS NOT NULL)::int - (OLD.holder_id IS NOT NULL)::int)
    ON CONFLICT (campaign_id, slot) DO UPDATE SET held = c.held + excluded.held;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouchers_counted_in AFTER INSERT ON vouchers REFERENCING NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION campaign_card_counts_moved();
--> statement-breakpoint
CREATE TRIGGER vouchers_counted_out AFTER DELETE ON vouchers REFERENCING OLD TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION campaign_card_counts_moved();
--> statement-breakpoint
CREATE TRIGGER vouchers_counted_holder AFTER UPDATE OF holder_id ON vouchers FOR EACH ROW
  WHEN (OLD.holder_id IS DISTINCT FROM NEW.holder_id) EXECUTE FUNCTION campaign_card_counts_holder();
--> statement-breakpoint
-- The cards already there.
INSERT INTO campaign_card_counts (campaign_id, slot, cards, held)
  SELECT campaign_id, 0, count(*), count(holder_id) FROM vouchers GROUP BY campaign_id;
