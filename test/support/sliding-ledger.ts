import type { SlidingExpiration } from '../../src/contract/earning-rule';
import type { Database } from '../../src/platform/db/client';
import type { TransactionType } from '../../src/server/domain/card-ledger';
import { activityOfTransaction, slidingLastDay, type Activity } from '../../src/server/domain/sliding-expiration';

/**
 * Each live sliding bucket of a card: its stored last day, and the last day the pure function of
 * the ledger gives (domain/sliding-expiration's slidingLastDay over the card's transactions and its
 * holder's events, in time order). They must be equal: the stored day is only ever a cache of it.
 */
export async function slidingDaysOfCard(database: Database, code: string): Promise<{ stored: string; fromLedger: string }[]> {
  const [card] = await database.execute<{ id: string; holder_id: string }>('SELECT id, holder_id FROM vouchers WHERE code = $1', [code]);
  const buckets = await database.execute<{ expires_on: string; sliding: SlidingExpiration; created_at: Date }>(
    'SELECT expires_on, sliding, created_at FROM point_buckets WHERE voucher_id = $1 AND remaining > 0 AND sliding IS NOT NULL ORDER BY created_at, id',
    [card.id],
  );
  const transactions = await database.execute<{ type: TransactionType; created_at: Date }>('SELECT type, created_at FROM card_transactions WHERE voucher_id = $1 ORDER BY seq', [card.id]);
  const events = await database.execute<{ type: string; created_at: Date }>('SELECT type, created_at FROM events WHERE customer_id = $1 ORDER BY created_at, id', [card.holder_id]);
  const activities: { activity: Activity; at: Date }[] = [
    ...transactions.flatMap((t) => {
      const activity = activityOfTransaction(t.type);
      return activity ? [{ activity, at: new Date(t.created_at) }] : [];
    }),
    ...events.map((e) => ({ activity: { kind: 'CUSTOM_EVENT' as const, type: e.type }, at: new Date(e.created_at) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return buckets.map((b) => ({ stored: b.expires_on, fromLedger: slidingLastDay(b.sliding, new Date(b.created_at), activities) }));
}
