import { escapeLiteral } from 'pg';
import { isMetadataField, orderFieldFilters, type OrderExportField, type OrderExportFilters, type OrderExportOrder, type OrderFieldFilter } from '../../../contract/order-export';
import { createdAtBounds } from '../../domain/export-filter';
import { isoTimestampSql, type ExportColumn, type RowQuery, type SqlValue } from './export-rows';

/** One property of the order's metadata as text (JSON text for an object or array); the name is a literal of the statement. */
const metadataProperty = (field: `metadata.${string}`) => `(t.metadata ->> ${escapeLiteral(field.slice('metadata.'.length))})`;

/** The SQL of each exportable column of an order (export-rows.ts reads them). */
const orderColumns: Record<Exclude<OrderExportField, `metadata.${string}`>, ExportColumn> = {
  id: { kind: 'text', sql: 't.id' },
  source_id: { kind: 'text', sql: 't.source_id' },
  created_at: { kind: 'date', sql: isoTimestampSql('t.created_at') },
  updated_at: { kind: 'date', sql: isoTimestampSql('t.updated_at') },
  status: { kind: 'text', sql: 't.status' },
  amount: { kind: 'number', sql: 't.amount' },
  discount_amount: { kind: 'number', sql: 't.discount_amount' },
  items_discount_amount: { kind: 'number', sql: 't.items_discount_amount' },
  total_discount_amount: { kind: 'number', sql: '(t.discount_amount + t.items_discount_amount)' },
  total_amount: { kind: 'number', sql: 't.total_amount' },
  customer_id: { kind: 'text', sql: 't.customer_id' },
  referrer_id: { kind: 'text', sql: 't.referrer_id' },
  metadata: { kind: 'json', jsonb: 't.metadata' },
};

export function orderColumn(field: OrderExportField): ExportColumn {
  return isMetadataField(field) ? { kind: 'text', sql: metadataProperty(field) } : orderColumns[field];
}

/** Text → numeric that never raises: a value that is no number is NULL, so it matches no comparison. */
const safeNumeric = (text: string) => String.raw`(CASE WHEN ${text} ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$' THEN trim(${text})::numeric END)`;

const list = (values: readonly (string | number)[], value: SqlValue, cast = '') => values.map((v) => `${value(v)}${cast}`).join(', ');
const comparison = { $more_than: '>', $more_than_equal: '>=', $less_than: '<', $less_than_equal: '<=' } as const;

/** Equality and membership over a column that may be NULL; `cast` types the values (`::numeric`). */
function membership(column: string, conditions: { $is?: (string | number)[]; $is_not?: (string | number)[]; $in?: (string | number)[]; $not_in?: (string | number)[] }, value: SqlValue, cast = ''): string[] {
  const parts: string[] = [];
  if (conditions.$is) parts.push(`${column} = ${value(conditions.$is[0])}${cast}`);
  if (conditions.$is_not) parts.push(`${column} IS DISTINCT FROM ${value(conditions.$is_not[0])}${cast}`);
  if (conditions.$in) parts.push(`${column} IN (${list(conditions.$in, value, cast)})`);
  if (conditions.$not_in) parts.push(`(${column} IS NULL OR ${column} NOT IN (${list(conditions.$not_in, value, cast)}))`);
  return parts;
}

function comparisons(column: string, conditions: Partial<Record<keyof typeof comparison, number[]>>, value: SqlValue): string[] {
  return (Object.keys(comparison) as (keyof typeof comparison)[]).filter((op) => conditions[op] !== undefined).map((op) => `${column} ${comparison[op]} ${value((conditions[op] as number[])[0])}::numeric`);
}

/** Every condition of one field's filter, each a predicate over `t`. */
function conditionsSql(filter: OrderFieldFilter, value: SqlValue): string[] {
  switch (filter.kind) {
    case 'text':
    case 'status':
      return membership(`t.${filter.field}`, filter.conditions, value);
    case 'amount': {
      const column = (orderColumns[filter.field] as { sql: string }).sql;
      return [...membership(column, filter.conditions, value, '::numeric'), ...comparisons(column, filter.conditions, value)];
    }
    case 'date':
      return createdAtBounds(filter.conditions).map((bound) => `t.${filter.field} ${bound.op} ${value(bound.at.toISOString())}::timestamptz`);
    case 'metadata': {
      const text = metadataProperty(filter.field);
      const { $is, $is_not, $in, $not_in } = filter.conditions;
      const asText = (values: (string | number | boolean)[] | undefined) => values?.map(String);
      return [...membership(text, { $is: asText($is), $is_not: asText($is_not), $in: asText($in), $not_in: asText($not_in) }, value), ...comparisons(safeNumeric(text), filter.conditions, value)];
    }
  }
}

/**
 * The filters as one predicate over `t`, undefined without any: the conditions of one field all
 * hold (`$after` and `$before` make a range, as in the transaction export), the fields joined by
 * the junction.
 */
export function orderFilterSql(filters: OrderExportFilters | undefined, value: SqlValue): string | undefined {
  if (!filters) return undefined;
  const fields = orderFieldFilters(filters).map((filter) => `(${conditionsSql(filter, value).join(' AND ')})`);
  if (fields.length === 0) return undefined;
  return `(${fields.join(filters.junction === 'or' ? ' OR ' : ' AND ')})`;
}

/**
 * What an order is sorted by. `updated_at` is null for an order never changed, which was last
 * changed when it was made: it sorts by its `created_at` (a keyset position cannot be null).
 */
const sortColumns: Record<string, (alias: string) => string> = {
  created_at: (alias) => `${alias}.created_at`,
  updated_at: (alias) => `coalesce(${alias}.updated_at, ${alias}.created_at)`,
  status: (alias) => `${alias}.status`,
};

/** The project's orders the filters select, in the order asked for (then by id). */
export function orderRows(query: { projectId: string; fields: readonly OrderExportField[]; order: OrderExportOrder; filters: OrderExportFilters | undefined }): RowQuery {
  return {
    table: 'orders',
    keyColumn: 'id',
    columns: query.fields.map(orderColumn),
    where: (value) => {
      const filter = orderFilterSql(query.filters, value);
      return [`t.project_id = ${value(query.projectId)}`, ...(filter ? [filter] : [])];
    },
    sort: sortColumns[query.order.replace(/^-/, '')],
    descending: query.order.startsWith('-'),
  };
}
