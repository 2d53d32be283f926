import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { cardTransactions } from '../../../platform/db/schema';

export type CardTransactionRow = typeof cardTransactions.$inferSelect;

export async function findCardTransaction(db: DbOrTx, voucherId: string, id: string): Promise<CardTransactionRow | undefined> {
  const [row] = await db.select().from(cardTransactions).where(and(eq(cardTransactions.voucherId, voucherId), eq(cardTransactions.id, id))).limit(1);
  return row;
}

/**
 * A card's transactions (or with `{campaignId}` a program's, across its cards) in recording order
 * (`id`) or newest first (`-id`), after the one at `afterSeq`, matching `filter`.
 */
export async function listCardTransactions(
  db: DbOrTx,
  voucherId: string | { campaignId: string },
  opts: { limit: number; order: 'id' | '-id'; afterSeq?: number; filter?: SQL },
): Promise<CardTransactionRow[]> {
  const newestFirst = opts.order === '-id';
  const after = opts.afterSeq === undefined ? undefined : newestFirst ? lt(cardTransactions.seq, opts.afterSeq) : gt(cardTransactions.seq, opts.afterSeq);
  return db
    .select()
    .from(cardTransactions)
    .where(and(typeof voucherId === 'string' ? eq(cardTransactions.voucherId, voucherId) : eq(cardTransactions.campaignId, voucherId.campaignId), after, opts.filter))
    .orderBy(newestFirst ? desc(cardTransactions.seq) : asc(cardTransactions.seq))
    .limit(opts.limit);
}

/** The transaction that reversed `id` by hand, if any (its details name it: card_transactions_reversal_uq). */
export async function reversalOfTransaction(db: DbOrTx, id: string): Promise<CardTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.relatedTransactionId, id), sql`(${cardTransactions.details} -> 'reversal_of') IS NOT NULL`));
  return row;
}

export async function findCampaignTransaction(db: DbOrTx, campaignId: string, id: string): Promise<CardTransactionRow | undefined> {
  const [row] = await db.select().from(cardTransactions).where(and(eq(cardTransactions.campaignId, campaignId), eq(cardTransactions.id, id))).limit(1);
  return row;
}
