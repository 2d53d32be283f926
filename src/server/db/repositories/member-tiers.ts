import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { cardTransactions, memberTierChanges, memberTiers, publications } from '../../../platform/db/schema';
import type { TierLedgerEntry } from '../../domain/tier-engine';

export type MemberTierRow = typeof memberTiers.$inferSelect;
export type MemberTierChangeRow = typeof memberTierChanges.$inferSelect;

/**
 * The member's tier row, created when missing, locked FOR UPDATE: every catch-up of one card's
 * tier runs under this lock, so parallel ones (requests, listeners, jobs, other processes) fold
 * each card transaction once.
 */
export async function lockMemberTier(db: DbOrTx, voucherId: string, init: () => Promise<typeof memberTiers.$inferInsert>): Promise<MemberTierRow> {
  const lock = async () => (await db.select().from(memberTiers).where(eq(memberTiers.voucherId, voucherId)).for('update'))[0];
  const found = await lock();
  if (found) return found;
  await db.insert(memberTiers).values(await init()).onConflictDoNothing({ target: memberTiers.voucherId });
  return lock();
}

export async function findMemberTier(db: DbOrTx, voucherId: string): Promise<MemberTierRow | undefined> {
  const [row] = await db.select().from(memberTiers).where(eq(memberTiers.voucherId, voucherId)).limit(1);
  return row;
}

export async function saveMemberTier(db: DbOrTx, voucherId: string, set: Partial<typeof memberTiers.$inferInsert>): Promise<void> {
  await db.update(memberTiers).set(set).where(eq(memberTiers.voucherId, voucherId));
}

/** The card's transactions after `seq`, in recording order (under the card's lock, the order they committed in). */
export async function ledgerSince(db: DbOrTx, voucherId: string, seq: number): Promise<TierLedgerEntry[]> {
  const rows = await db
    .select({ seq: cardTransactions.seq, type: cardTransactions.type, amount: cardTransactions.amount, createdAt: cardTransactions.createdAt })
    .from(cardTransactions)
    .where(and(eq(cardTransactions.voucherId, voucherId), gt(cardTransactions.seq, seq)))
    .orderBy(asc(cardTransactions.seq));
  return rows.map((r) => ({ seq: Number(r.seq), type: r.type, amount: Number(r.amount), at: r.createdAt.getTime() }));
}

/** Where the card's tier history starts: when it was given to its holder, or its first transaction if earlier (a fixture's history). */
export async function tierHistoryStart(db: DbOrTx, voucherId: string): Promise<Date | undefined> {
  const [row] = await rowsOf<{ at: string | Date | null }>(
    db,
    sql`SELECT least((SELECT min(p.created_at) FROM ${publications} p WHERE p.voucher_id = ${voucherId}), (SELECT min(t.created_at) FROM ${cardTransactions} t WHERE t.voucher_id = ${voucherId})) AS at`,
  );
  return row?.at ? new Date(row.at) : undefined;
}

export async function insertTierChanges(db: DbOrTx, rows: (typeof memberTierChanges.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(memberTierChanges).values(rows);
}

/**
 * Cards whose tier may have moved without anyone catching it up: a period end or grace that has
 * come (`next_check_at`), a card transaction not yet folded (a process that stopped between its
 * commit and its announcement), or a holder of a tiered program with no row yet. Of one project,
 * or of all; at most `limit`.
 */
export async function cardsDueForTiers(db: DbOrTx, now: Date, opts: { limit: number; after: string; projectId?: string }): Promise<{ voucherId: string; projectId: string }[]> {
  const { limit, after, projectId } = opts;
  const project = projectId ? sql`AND v.project_id = ${projectId}` : sql``;
  const rows = await rowsOf<{ voucher_id: string; project_id: string }>(
    db,
    sql`SELECT v.id AS voucher_id, v.project_id FROM vouchers v
        LEFT JOIN member_tiers m ON m.voucher_id = v.id
        WHERE v.holder_id IS NOT NULL AND v.id > ${after} ${project}
          AND v.campaign_id IN (SELECT DISTINCT t.campaign_id FROM loyalty_tiers t)
          AND (m.voucher_id IS NULL OR m.next_check_at <= ${now.toISOString()}::timestamptz
               OR EXISTS (SELECT 1 FROM card_transactions c WHERE c.voucher_id = v.id AND c.seq > m.last_seq))
        ORDER BY v.id LIMIT ${limit}`,
  );
  return rows.map((r) => ({ voucherId: r.voucher_id, projectId: r.project_id }));
}

/** The card's latest tier changes, newest first (the member page's tier history). */
export async function latestTierChanges(db: DbOrTx, voucherId: string, limit: number): Promise<MemberTierChangeRow[]> {
  return db.select().from(memberTierChanges).where(eq(memberTierChanges.voucherId, voucherId)).orderBy(desc(memberTierChanges.createdAt), desc(memberTierChanges.seq)).limit(limit);
}

/**
 * The card's version (its row's xmin, renewed by every change of its totals), read under its lock by a
 * catch-up: the one-statement event path folds into the tier row only while the card is still at it.
 * Null when this very transaction changed the card: it may change it again after the catch-up (a
 * posting), leaving the same version on a card whose tier row lacks that change.
 */
export async function cardVersion(db: DbOrTx, voucherId: string): Promise<string | null> {
  const [row] = await rowsOf<{ version: string | null }>(
    db,
    sql`SELECT CASE WHEN xmin::text::bigint = pg_current_xact_id_if_assigned()::text::bigint % 4294967296 THEN NULL ELSE xmin::text END AS version FROM vouchers WHERE id = ${voucherId}`,
  );
  return row?.version ?? null;
}
