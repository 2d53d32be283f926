import type { ExportField } from '../../../contract/export';
import type { Database } from '../../../platform/db/client';
import type { CreatedAtBound } from '../../domain/export-filter';
import { isoTimestampSql, type ExportColumn, type RowQuery } from './export-rows';

/** The SQL of each exportable column of a card transaction (export-rows.ts reads them). */
export const transactionColumns: Record<ExportField, ExportColumn> = {
  id: { kind: 'text', sql: 't.id' },
  type: { kind: 'text', sql: 't.type' },
  source_id: { kind: 'text', sql: 't.source_id' },
  reason: { kind: 'text', sql: 't.reason' },
  balance: { kind: 'number', sql: 't.balance' },
  amount: { kind: 'number', sql: 't.amount' },
  created_at: { kind: 'date', sql: isoTimestampSql('t.created_at') },
  voucher_id: { kind: 'text', sql: 't.voucher_id' },
  campaign_id: { kind: 'text', sql: 't.campaign_id' },
  details: { kind: 'json', jsonb: 't.details' },
  related_transaction_id: { kind: 'text', sql: 't.related_transaction_id' },
  source: { kind: 'text', sql: 't.source' },
};

/** The card's last transaction seq now; the export stops there, so rows added meanwhile stay out. */
export async function lastTransactionSeq(database: Database, voucherId: string): Promise<number> {
  const [row] = await database.execute<{ seq: string | number | null }>('SELECT max(seq) AS seq FROM card_transactions WHERE voucher_id = $1', [voucherId]);
  return Number(row?.seq ?? 0);
}

/**
 * One card's transactions up to `maxSeq` (those recorded when the export started) within the
 * created_at bounds, ordered by (created_at, seq).
 */
export function transactionRows(query: { projectId: string; voucherId: string; fields: readonly ExportField[]; descending: boolean; bounds: CreatedAtBound[]; maxSeq: number }): RowQuery {
  return {
    table: 'card_transactions',
    keyColumn: 'seq',
    columns: query.fields.map((field) => transactionColumns[field]),
    where: (value) => [
      `t.project_id = ${value(query.projectId)}`,
      `t.voucher_id = ${value(query.voucherId)}`,
      `t.seq <= ${value(query.maxSeq)}`,
      ...query.bounds.map((bound) => `t.created_at ${bound.op} ${value(bound.at.toISOString())}::timestamptz`),
    ],
    sort: (alias) => `${alias}.created_at`,
    descending: query.descending,
  };
}
