import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/client';

/**
 * Delete Loyalty Campaign's SQL, in the caller's transaction. Lock order, the one every writer of
 * a card keeps: the program's row FOR SHARE (so an Update of the program waits, or is waited for,
 * while enrollments and earnings, which only take its key share, go on), then its cards in id
 * order, then everything under them, the program's row last.
 */

/** The program's row, locked FOR SHARE; undefined when it is gone. */
export async function shareLockCampaign(tx: Tx, projectId: string, id: string): Promise<{ id: string; name: string } | undefined> {
  const rows = await rowsOf<{ id: string; name: string }>(tx, sql`SELECT id, name FROM campaigns WHERE project_id = ${projectId} AND id = ${id} FOR SHARE`);
  return rows[0];
}

/** Rewards that give points in the program (CAMPAIGN rewards): they would give points nowhere once it is gone. */
export async function rewardsGivingPointsIn(tx: Tx, campaignId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM rewards WHERE target_campaign_id = ${campaignId} ORDER BY id`);
  return rows.map((r) => r.id);
}

/** Every card of the program locked, in id order (as `lockCards`); their ids. */
export async function lockCampaignCards(tx: Tx, campaignId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM vouchers WHERE campaign_id = ${campaignId} ORDER BY id FOR UPDATE`);
  return rows.map((r) => r.id);
}

/**
 * Removes the program and all that is its own, each table before the tables it references: tier
 * history, redemptions on its cards (and their rollbacks), pending points, point buckets, the
 * ledger, publications, its earning rules' assignments (a rule assigned to no other program is
 * marked DELETED, since past transactions of other programs may name it), its reward assignments,
 * its tiers, its cards, itself. Returns the cards removed.
 */
export async function deleteCampaignState(tx: Tx, projectId: string, campaignId: string, now: Date): Promise<number> {
  const cards = sql`(SELECT id FROM vouchers WHERE campaign_id = ${campaignId})`;
  await tx.execute(sql`DELETE FROM member_tier_changes WHERE campaign_id = ${campaignId}`);
  await tx.execute(sql`DELETE FROM member_tiers WHERE campaign_id = ${campaignId}`);
  await tx.execute(sql`DELETE FROM redemption_rollbacks WHERE project_id = ${projectId} AND (voucher_id IN ${cards} OR redemption_id IN (SELECT id FROM redemptions WHERE campaign_id = ${campaignId}))`);
  await tx.execute(sql`DELETE FROM redemptions WHERE campaign_id = ${campaignId} OR voucher_id IN ${cards}`);
  await tx.execute(sql`DELETE FROM pending_points WHERE campaign_id = ${campaignId}`);
  await tx.execute(sql`DELETE FROM point_buckets WHERE project_id = ${projectId} AND voucher_id IN ${cards}`);
  await tx.execute(sql`DELETE FROM card_transactions WHERE campaign_id = ${campaignId} OR (project_id = ${projectId} AND voucher_id IN ${cards})`);
  await tx.execute(sql`DELETE FROM publications WHERE campaign_id = ${campaignId}`);
  const rules = await rowsOf<{ id: string }>(tx, sql`DELETE FROM earning_rule_assignments WHERE campaign_id = ${campaignId} RETURNING earning_rule_id AS id`);
  if (rules.length > 0) {
    const ids = sql.join(
      rules.map((r) => sql`${r.id}`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE earning_rules SET status = 'DELETED', updated_at = ${now.toISOString()}::timestamptz WHERE id IN (${ids}) AND NOT EXISTS (SELECT 1 FROM earning_rule_assignments a WHERE a.earning_rule_id = earning_rules.id)`);
  }
  await tx.execute(sql`DELETE FROM reward_assignments WHERE campaign_id = ${campaignId}`);
  await tx.execute(sql`DELETE FROM loyalty_tiers WHERE campaign_id = ${campaignId}`);
  const removed = await rowsOf<{ id: string }>(tx, sql`DELETE FROM vouchers WHERE campaign_id = ${campaignId} RETURNING id`);
  await tx.execute(sql`DELETE FROM campaigns WHERE id = ${campaignId}`);
  return removed.length;
}
