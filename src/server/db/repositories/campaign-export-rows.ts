import type { CampaignTransactionExportFilters, PointsExpirationExportField, PointsExpirationExportFilters, PointsExpirationIdConditions } from '../../../contract/campaign-exports';
import type { ExportField } from '../../../contract/export';
import type { Database } from '../../../platform/db/client';
import { cardNameConditions, dateConditionSql, joinedSql } from './export-conditions';
import type { ExportColumn, RowQuery } from './export-rows';
import { transactionColumns } from './transaction-export-rows';

/** The project's last card transaction seq now; a program's export stops there, so rows added meanwhile stay out. */
export async function lastProjectTransactionSeq(database: Database, projectId: string): Promise<number> {
  const [row] = await database.execute<{ seq: string | number | null }>('SELECT max(seq) AS seq FROM card_transactions WHERE project_id = $1', [projectId]);
  return Number(row?.seq ?? 0);
}

/**
 * Export Loyalty Campaign Transactions: the program's card transactions up to `maxSeq`, those the
 * filters select (created_at and voucher_id conditions, joined by the junction; the program is the
 * scope, always), ordered by (created_at, seq).
 */
export function campaignTransactionRows(query: {
  projectId: string;
  campaignId: string;
  fields: readonly ExportField[];
  descending: boolean;
  filters: CampaignTransactionExportFilters | undefined;
  now: Date;
  maxSeq: number;
}): RowQuery {
  const { filters } = query;
  return {
    table: 'card_transactions',
    keyColumn: 'seq',
    columns: query.fields.map((field) => transactionColumns[field]),
    where: (value) => [
      `t.project_id = ${value(query.projectId)}`,
      `t.campaign_id = ${value(query.campaignId)}`,
      `t.seq <= ${value(query.maxSeq)}`,
      joinedSql(
        [
          ...(filters?.created_at ? dateConditionSql('t.created_at', filters.created_at.conditions, value, query.now) : []),
          ...(filters?.voucher_id ? cardNameConditions('t.voucher_id', filters.voucher_id.conditions, value, query.projectId) : []),
        ],
        filters?.junction,
      ),
    ],
    sort: (alias) => `${alias}.created_at`,
    descending: query.descending,
  };
}

/**
 * A bucket is EXPIRED once its last day is over (`expires_on` before the project's today) while
 * the hourly run has not yet taken its points, ACTIVE otherwise.
 */
function bucketStatusSql(today: string): string {
  // A column's SQL takes no bound values; the day is ours (YYYY-MM-DD), checked before it is written in.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`not a day: ${today}`);
  return `CASE WHEN t.expires_on IS NOT NULL AND t.expires_on < '${today}' THEN 'EXPIRED' ELSE 'ACTIVE' END`;
}

function bucketColumn(field: PointsExpirationExportField, today: string): ExportColumn {
  switch (field) {
    case 'id':
      return { kind: 'text', sql: 't.id' };
    case 'campaign_id':
      return { kind: 'text', sql: '(SELECT v.campaign_id FROM vouchers v WHERE v.id = t.voucher_id)' };
    case 'voucher_id':
      return { kind: 'text', sql: 't.voucher_id' };
    case 'points':
      return { kind: 'number', sql: 't.remaining' };
    case 'status':
      return { kind: 'text', sql: bucketStatusSql(today) };
    case 'expires_at':
      return { kind: 'text', sql: 't.expires_on' };
  }
}

/** The contract's id conditions ($in/$not_in lists, $is/$is_not values) as the string conditions the SQL takes. */
const asStringConditions = (c: PointsExpirationIdConditions) => ({
  ...(c.$in && { $in: c.$in }),
  ...(c.$not_in && { $not_in: c.$not_in }),
  ...(c.$is !== undefined && { $is: c.$is }),
  ...(c.$is_not !== undefined && { $is_not: c.$is_not }),
});

/** campaign_id conditions hold for the program (by id or name) or not: the same for every bucket of it. */
function campaignConditionsSql(c: PointsExpirationIdConditions, names: string[]): string[] {
  const named = (values: string[]) => values.some((v) => names.includes(v));
  const out: string[] = [];
  if (c.$in) out.push(String(named(c.$in)).toUpperCase());
  if (c.$not_in) out.push(String(!named(c.$not_in)).toUpperCase());
  if (c.$is !== undefined) out.push(String(named([c.$is])).toUpperCase());
  if (c.$is_not !== undefined) out.push(String(!named([c.$is_not])).toUpperCase());
  return out;
}

/**
 * Export Loyalty Campaign Point Expiration: the point buckets of the program's cards that hold
 * points (as List Loyalty Card Point Expiration lists them; a bucket spent or taken by expiry holds
 * none and is left out), with their points left, their status and last day, ordered by that day
 * (points that never expire last, going up), then the bucket id. The `today` the status is told by
 * and the program's ids are fixed when the job plans the file.
 */
export function pointsExpirationRows(query: {
  projectId: string;
  campaign: { id: string; name: string };
  fields: readonly PointsExpirationExportField[];
  descending: boolean;
  filters: PointsExpirationExportFilters | undefined;
  today: string;
}): RowQuery {
  const { filters } = query;
  return {
    table: 'point_buckets',
    keyColumn: 'id',
    columns: query.fields.map((field) => bucketColumn(field, query.today)),
    where: (value) => [
        `t.project_id = ${value(query.projectId)}`,
        `t.voucher_id IN (SELECT v.id FROM vouchers v WHERE v.project_id = ${value(query.projectId)} AND v.campaign_id = ${value(query.campaign.id)})`,
        't.remaining > 0',
        joinedSql(
          [
            ...(filters?.voucher_id ? cardNameConditions('t.voucher_id', asStringConditions(filters.voucher_id.conditions), value, query.projectId) : []),
            ...(filters?.campaign_id ? campaignConditionsSql(filters.campaign_id.conditions, [query.campaign.id, query.campaign.name]) : []),
          ],
          filters?.junction,
        ),
    ],
    sort: (alias) => `COALESCE(${alias}.expires_on, '9999-12-31')`,
    descending: query.descending,
  };
}
