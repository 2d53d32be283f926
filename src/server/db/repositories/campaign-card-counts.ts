import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';

/**
 * A program's cards as the triggers on `vouchers` keep them counted (migration 0023): all of them,
 * those held by someone (`published: true`) or the free ones (`false`). Sums a handful of slot rows
 * instead of counting the cards, which at a million members took a quarter of a second per page.
 */
export async function countedCards(db: DbOrTx, campaignId: string, published?: boolean): Promise<number> {
  const [row] = await rowsOf<{ cards: string | null; held: string | null }>(
    db,
    sql`SELECT sum(cards)::text AS cards, sum(held)::text AS held FROM campaign_card_counts WHERE campaign_id = ${campaignId}`,
  );
  const cards = Number(row?.cards ?? 0);
  const held = Number(row?.held ?? 0);
  return published === undefined ? cards : published ? held : cards - held;
}
