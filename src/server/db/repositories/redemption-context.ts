import type { DbOrTx } from '../../../platform/db/client';
import { customers, products, redemptions, rewardAssignments, rewards, vouchers } from '../../../platform/db/schema';
import { plainRows, tableRows } from '../plain-sql';
import type { CustomerRow } from './customers';
import type { ProductRow } from './products';
import type { RewardAssignmentRow } from './reward-assignments';
import type { RewardRow } from './rewards';
import type { VoucherRow } from './vouchers';

const cardRows = tableRows(vouchers);
const rewardRows = tableRows(rewards);
const assignmentRows = tableRows(rewardAssignments);
const customerRows = tableRows(customers);
const productRows = tableRows(products);
const redemptionRows = tableRows(redemptions);
export type RedemptionRow = typeof redemptions.$inferSelect;
/** A redemption to record; its project and reward type come from the reward. */
export type NewRedemption = Omit<RedemptionRow, 'rewardType' | 'projectId'>;

/** The buckets a spend took its points from, as a redemption records them (its rollback returns them there). */
export const takenFromOf = (takes: readonly { id: string; taken: number }[]) => takes.filter((t) => t.taken > 0).map(({ id, taken }) => ({ id, taken }));

export interface RedemptionContext {
  card: VoucherRow;
  reward: RewardRow | undefined;
  /** The reward's assignment in the card's program. */
  assignment: RewardAssignmentRow | undefined;
  holder: CustomerRow | undefined;
  product: ProductRow | undefined;
}

export const contextColumns = `${cardRows.columns('v')}, ${rewardRows.columns('r')}, ${assignmentRows.columns('a')}, ${customerRows.columns('c')}, ${productRows.columns('p')}`;
export const contextWidth = cardRows.width + rewardRows.width + assignmentRows.width + customerRows.width + productRows.width;
/** What a context joins to its card `v`: the reward `rewardId` names (SQL), its assignment in the card's program, the holder, the product. */
export const contextJoins = (rewardId: string) => `LEFT JOIN rewards r ON r.id = ${rewardId} AND r.project_id = v.project_id
  LEFT JOIN reward_assignments a ON a.reward_id = r.id AND a.campaign_id = v.campaign_id
  LEFT JOIN customers c ON c.id = v.holder_id
  LEFT JOIN products p ON p.id = r.product_id`;
const contextFrom = `FROM vouchers v
  ${contextJoins('$3')}
  WHERE v.project_id = $1 AND v.code = $2
  LIMIT 1`;
const lockedText = `SELECT ${contextColumns} ${contextFrom} FOR UPDATE OF v`;

/**
 * A redemption's card, locked, with everything the redemption reads about it (the reward, its
 * assignment in the card's program, the holder, the reward's product) in one round trip: the card
 * lock is held from here to commit, so each round trip saved is time the next redemption on the
 * card no longer waits (plain SQL, see plain-sql.ts). Undefined when no card has the code.
 */
export async function lockRedemptionContext(db: DbOrTx, projectId: string, code: string, rewardId: string): Promise<RedemptionContext | undefined> {
  const [row] = await plainRows(db, lockedText, [projectId, code, rewardId]);
  return row && contextOf(row);
}

/** The context's columns of one row, from `offset`. */
export function contextOf(row: unknown[], offset = 0): RedemptionContext {
  let at = offset;
  const next = <T>(rows: { row(values: readonly unknown[], offset?: number): T }, columns: number, present: boolean): T | undefined => {
    const value = present ? rows.row(row, at) : undefined;
    at += columns;
    return value;
  };
  // A table the LEFT JOIN found nothing in comes back as nulls, its id first.
  const joined = () => row[at] !== null && row[at] !== undefined;
  const card = next(cardRows, cardRows.width, true) as VoucherRow;
  const reward = next(rewardRows, rewardRows.width, joined());
  const assignment = next(assignmentRows, assignmentRows.width, joined());
  const holder = next(customerRows, customerRows.width, joined());
  const product = next(productRows, productRows.width, joined());
  return { card, reward, assignment, holder, product };
}

export const recordColumns = 'id, project_id, voucher_id, campaign_id, customer_id, reward_id, assignment_id, reward_type, points, transaction_id, order_data, metadata, tracking_id, created_at, taken_from';
/** The record's values from the reward row `from` (recordParams). */
const recordValues = (from: string) =>
  `$3, ${from}.project_id, $4, $5, $6, ${from}.id, $7, ${from}.type, $8, $9, $10::text::jsonb, $11::text::jsonb, $12, $2::timestamptz, $13::text::jsonb`;
const recordParams = (r: NewRedemption) => [
  r.rewardId,
  r.createdAt.toISOString(),
  r.id,
  r.voucherId,
  r.campaignId,
  r.customerId,
  r.assignmentId,
  r.points,
  r.transactionId,
  r.orderData === null ? null : JSON.stringify(r.orderData),
  r.metadata === null ? null : JSON.stringify(r.metadata),
  r.trackingId,
  r.takenFrom === null ? null : JSON.stringify(r.takenFrom),
];

/** A reward with a limited stock: one taken from it and the redemption recorded, in one statement. */
const fromStockText = `WITH counted AS (
    UPDATE rewards SET stock = stock - 1, updated_at = $2::timestamptz WHERE id = $1 AND stock > 0 RETURNING *),
  recorded AS (
    INSERT INTO redemptions (${recordColumns}) SELECT ${recordValues('counted')} FROM counted RETURNING *)
  SELECT ${rewardRows.columns('counted')}, ${redemptionRows.columns('recorded')} FROM counted, recorded`;

/** An unlimited reward: the redemption recorded, the reward row untouched. */
const unlimitedText = `WITH reward AS (SELECT * FROM rewards WHERE id = $1),
  recorded AS (
    INSERT INTO redemptions (${recordColumns}) SELECT ${recordValues('reward')} FROM reward RETURNING *)
  SELECT ${rewardRows.columns('reward')}, ${redemptionRows.columns('recorded')} FROM reward, recorded`;

/**
 * Records the redemption and, for a reward with a limited stock, takes one from it, in one
 * statement. Only a limited stock touches the reward row, which is then held to commit, so
 * parallel redemptions of the last item queue and only one finds it; redemptions of an unlimited
 * reward never wait for each other. Undefined, and nothing written, when the stock is out (or the
 * reward is gone).
 */
export async function countAndRecordRedemption(
  db: DbOrTx,
  limitedStock: boolean,
  redemption: NewRedemption,
): Promise<{ reward: RewardRow; redemption: RedemptionRow } | undefined> {
  const [row] = await plainRows(db, limitedStock ? fromStockText : unlimitedText, recordParams(redemption));
  return row && { reward: rewardRows.row(row), redemption: redemptionRows.row(row, rewardRows.width) };
}

