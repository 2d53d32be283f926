import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { cardTransactions, memberTierChanges, publications } from '../../../platform/db/schema';
import type { CardTransactionRow } from './card-transactions';
import type { PublicationRow } from './publications';
import type { MemberTierChangeRow } from './member-tiers';

/**
 * A card's activity is read from its ledger, not stored twice: the publication that gave the card
 * to its holder, every card transaction and every change of its tier, in the order they happened.
 * A publication sorts before a transaction of the same instant (a card is published before it
 * earns), a transaction before the tier change it caused; each by recording order (seq).
 */
export type ActivitySource = { kind: 'publication'; row: PublicationRow } | { kind: 'transaction'; row: CardTransactionRow } | { kind: 'tier'; row: MemberTierChangeRow };

interface ActivityKey {
  kind: number;
  id: string;
  created_at: Date | string;
  seq: string | number;
}

const keysOfCard = (voucherId: string) => sql`
  SELECT 0 AS kind, p.id, p.created_at, 0::bigint AS seq FROM ${publications} p WHERE p.voucher_id = ${voucherId}
  UNION ALL
  SELECT 1 AS kind, t.id, t.created_at, t.seq FROM ${cardTransactions} t WHERE t.voucher_id = ${voucherId}
  UNION ALL
  SELECT 2 AS kind, c.id, c.created_at, c.seq FROM ${memberTierChanges} c WHERE c.voucher_id = ${voucherId}`;

/** Where an activity sits in the card's order, or undefined when the card has no such activity. */
export async function activityPosition(db: DbOrTx, voucherId: string, activityId: string): Promise<ActivityKey | undefined> {
  const [key] = await rowsOf<ActivityKey>(db, sql`SELECT * FROM (${keysOfCard(voucherId)}) a WHERE a.id = ${activityId} LIMIT 1`);
  return key;
}

/** A page of the card's activity, oldest first (`created_at`) or newest first (`-created_at`), after `after`. */
export async function listCardActivity(
  db: DbOrTx,
  voucherId: string,
  opts: { limit: number; order: 'created_at' | '-created_at'; after?: ActivityKey },
): Promise<ActivitySource[]> {
  const newestFirst = opts.order === '-created_at';
  const after = opts.after;
  const cursor = after
    ? newestFirst
      ? sql`WHERE (a.created_at, a.kind, a.seq) < (${new Date(after.created_at).toISOString()}::timestamptz, ${after.kind}, ${after.seq}::bigint)`
      : sql`WHERE (a.created_at, a.kind, a.seq) > (${new Date(after.created_at).toISOString()}::timestamptz, ${after.kind}, ${after.seq}::bigint)`
    : sql``;
  const direction = newestFirst ? sql`DESC` : sql`ASC`;
  const keys = await rowsOf<ActivityKey>(
    db,
    sql`SELECT * FROM (${keysOfCard(voucherId)}) a ${cursor} ORDER BY a.created_at ${direction}, a.kind ${direction}, a.seq ${direction} LIMIT ${opts.limit}`,
  );
  const publicationIds = keys.filter((k) => Number(k.kind) === 0).map((k) => k.id);
  const transactionIds = keys.filter((k) => Number(k.kind) === 1).map((k) => k.id);
  const tierChangeIds = keys.filter((k) => Number(k.kind) === 2).map((k) => k.id);
  const [pubs, txs, tierChanges] = await Promise.all([
    publicationIds.length ? db.select().from(publications).where(inArray(publications.id, publicationIds)) : [],
    transactionIds.length ? db.select().from(cardTransactions).where(inArray(cardTransactions.id, transactionIds)) : [],
    tierChangeIds.length ? db.select().from(memberTierChanges).where(inArray(memberTierChanges.id, tierChangeIds)) : [],
  ]);
  const pubById = new Map(pubs.map((p) => [p.id, p]));
  const txById = new Map(txs.map((t) => [t.id, t]));
  const tierChangeById = new Map(tierChanges.map((c) => [c.id, c]));
  return keys.map((k): ActivitySource => {
    const kind = Number(k.kind);
    if (kind === 0) return { kind: 'publication', row: pubById.get(k.id) as PublicationRow };
    if (kind === 1) return { kind: 'transaction', row: txById.get(k.id) as CardTransactionRow };
    return { kind: 'tier', row: tierChangeById.get(k.id) as MemberTierChangeRow };
  });
}
