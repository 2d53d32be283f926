import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';

/**
 * A customer's holder records, one per voucher they hold. No table of its own: the record is the
 * card's publication to its holder (the first, if several), or the card itself when it has none
 * (rows loaded as records), so every write that gives a card a holder already writes it.
 *
 * Its id, `rh_` + the moment of holding (12 hex digits of epoch milliseconds) + the publication's
 * (or card's) own random part, is stable, unique, and orders as the time of holding, so the
 * contract's `order=id|-id` and `starting_after_id` are a time order. Ids compare byte-wise
 * (COLLATE "C"), the same on every database.
 */
const held = (projectId: string, customerId: string) => sql`
  SELECT 'rh_' || lpad(to_hex(floor(extract(epoch FROM s.held_at) * 1000)::bigint), 12, '0') || regexp_replace(s.holding, '^[^_]*_', '') AS id,
         s.held_at AS created_at, s.voucher_id AS redeemable_id, 'voucher'::text AS redeemable_object, 'OWNER'::text AS holder_role,
         s.campaign_id, s.campaign_name, s.campaign_type, s.voucher_type
  FROM (
    SELECT v.id AS voucher_id, v.campaign_id, c.name AS campaign_name, c.campaign_type, v.type AS voucher_type,
           coalesce(p.created_at, v.created_at) AS held_at, coalesce(p.id, v.id) AS holding
    FROM vouchers v
    JOIN campaigns c ON c.id = v.campaign_id
    LEFT JOIN LATERAL (
      SELECT id, created_at FROM publications
      WHERE voucher_id = v.id AND customer_id = v.holder_id
      ORDER BY created_at, id LIMIT 1
    ) p ON true
    WHERE v.project_id = ${projectId} AND v.holder_id = ${customerId}
  ) s`;

export interface HolderRecord {
  id: string;
  createdAt: string;
  redeemableId: string;
  campaignId: string;
  campaignName: string;
  campaignType: string;
  voucherType: string;
}

interface Raw {
  id: string;
  created_at: string;
  redeemable_id: string;
  campaign_id: string;
  campaign_name: string;
  campaign_type: string;
  voucher_type: string;
  total: string | number;
}

/**
 * One page of the customer's holder records matching `filter` (conditions on the record's columns:
 * id, created_at, redeemable_id, redeemable_object, holder_role, campaign_id, campaign_type,
 * voucher_type), in id order, after `afterId`; and how many match the filter in all. A customer
 * holds at most one card per program (publications_join_once_uq), so the set read is small.
 */
export async function pageOfHolderRecords(
  db: DbOrTx,
  projectId: string,
  customerId: string,
  opts: { limit: number; order: 'id' | '-id'; afterId?: string; filter?: SQL },
): Promise<{ rows: HolderRecord[]; total: number }> {
  const matching = opts.filter ? sql`(${opts.filter})` : sql`true`;
  const descending = opts.order === '-id';
  const after = opts.afterId === undefined ? sql`true` : descending ? sql`h.id COLLATE "C" < ${opts.afterId}` : sql`h.id COLLATE "C" > ${opts.afterId}`;
  const rows = await rowsOf<Raw>(
    db,
    sql`WITH h AS (${held(projectId, customerId)}), m AS (SELECT * FROM h WHERE ${matching})
      SELECT h.id, to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, h.redeemable_id, h.campaign_id,
             h.campaign_name, h.campaign_type, h.voucher_type, (SELECT count(*) FROM m) AS total
      FROM (SELECT 1) one LEFT JOIN m h ON ${after}
      ORDER BY h.id COLLATE "C" ${descending ? sql`DESC` : sql`ASC`}
      LIMIT ${opts.limit}`,
  );
  // The outer join keeps one row carrying the total when no record is on the page.
  const total = rows.length ? Number(rows[0].total) : 0;
  return {
    total,
    rows: rows.filter((r) => r.id !== null).map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      redeemableId: r.redeemable_id,
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      campaignType: r.campaign_type,
      voucherType: r.voucher_type,
    })),
  };
}

/** Whether the customer holds a record with this id (whatever the filters): a `starting_after_id` must name one. */
export async function holdsRecord(db: DbOrTx, projectId: string, customerId: string, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(db, sql`SELECT h.id FROM (${held(projectId, customerId)}) h WHERE h.id = ${id}`);
  return rows.length > 0;
}
