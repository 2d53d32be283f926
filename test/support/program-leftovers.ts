import type { Database } from '../../src/platform/db/client';

/** Rows anywhere that still belong to the program or its cards. */
export async function leftOf(service: { database: Database }, campaignId: string, cardIds: string[]): Promise<Record<string, number>> {
  const byCampaign = ['vouchers', 'publications', 'card_transactions', 'earning_rule_assignments', 'reward_assignments', 'redemptions', 'pending_points', 'loyalty_tiers', 'member_tiers', 'member_tier_changes'];
  const out: Record<string, number> = {};
  for (const table of byCampaign) {
    const [{ n }] = await service.database.execute<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE campaign_id = $1`, [campaignId]);
    out[table] = Number(n);
  }
  for (const table of ['point_buckets', 'card_transactions', 'redemptions', 'redemption_rollbacks']) {
    const [{ n }] = await service.database.execute<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE voucher_id = ANY($1::text[])`, [cardIds]);
    out[`${table} (cards)`] = Number(n);
  }
  const [{ n }] = await service.database.execute<{ n: string }>('SELECT count(*) AS n FROM campaigns WHERE id = $1', [campaignId]);
  out.campaigns = Number(n);
  return out;
}
export const nothingLeft = (left: Record<string, number>) => Object.fromEntries(Object.keys(left).map((k) => [k, 0]));
