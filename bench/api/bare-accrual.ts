import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { BareCard } from './bare-spend';

/**
 * The card writes of one accrual as bare SQL, on a card the caller has locked: the card's totals
 * moved, the bucket added, and the card transaction naming the rule, with the balance after it in
 * its details beside `details`. Shared by the bare event and the bare order.
 */
export async function bareAccrual(client: pg.PoolClient, card: BareCard, accrual: { points: number; ruleId: string; reason: string; details: Record<string, unknown> }): Promise<void> {
  const { points } = accrual;
  const totals = await client.query<{ points: string; balance: string }>(
    'UPDATE vouchers SET points = points + $2, balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING points, balance',
    [card.id, points],
  );
  const transactionId = `vtx_bare_${randomUUID()}`;
  await client.query(
    `INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at) VALUES ($1, $2, $3, $4, $5, $5, NULL, now())`,
    [`lopb_bare_${randomUUID()}`, card.projectId, card.id, transactionId, points],
  );
  const balance = Number(totals.rows[0].balance);
  const details = { balance: { points, balance, total: Number(totals.rows[0].points) }, ...accrual.details };
  await client.query(
    `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, earning_rule_id, created_at)
     VALUES ($1, $2, $3, $4, 'POINTS_ACCRUAL', $5, 'API', $6, $7, $8::jsonb, $9, now())`,
    [transactionId, card.projectId, card.id, card.campaignId, accrual.reason, points, balance, JSON.stringify(details), accrual.ruleId],
  );
}
