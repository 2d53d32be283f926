import { getTableName } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../platform/db/schema';

/**
 * The fixture's `records` section holds a project's rows as stored, table by table: what a snapshot
 * (GET /_local/snapshot) writes so that loading it again gives the same ids, balances, buckets and
 * dates. These are the tables it holds; the rest of a project stays out, each for its reason
 * (`tablesLeftOut`, checked against the schema by `records/tables.test.ts`).
 */
const snapshotTables: PgTable[] = [
  schema.projectClocks,
  schema.categories,
  schema.customers,
  schema.campaigns,
  schema.vouchers,
  schema.eventSchemas,
  schema.slidingActivityTypes,
  schema.earningRules,
  schema.earningRuleAssignments,
  schema.segments,
  schema.segmentMembers,
  schema.locations,
  schema.products,
  schema.skus,
  schema.rewards,
  schema.rewardAssignments,
  schema.loyaltyTiers,
  schema.orders,
  schema.events,
  schema.publications,
  schema.cardTransactions,
  schema.pointBuckets,
  schema.redemptions,
  schema.redemptionRollbacks,
  schema.pendingPoints,
  schema.memberTiers,
  schema.memberTierChanges,
  schema.webhooks,
];

/** Tables with a project's rows that a snapshot leaves out, and why. */
export const tablesLeftOut: Record<string, string> = {
  projects: 'the project itself: a restore keeps the calling one',
  api_keys: 'credentials: the keys stay; a seed makes new secrets for the ids listed in api_keys',
  oauth_tokens: 'credentials',
  management_keys: 'credentials',
  project_fixtures: 'the document a reset reloads: a restore stores the snapshot there',
  request_log: 'what clients sent: kept across restores, as across resets',
  rate_limit_counters: 'per minute, real time',
  exports: 'their files are not in the document; a restore deletes them',
  async_actions: 'jobs: a restore ends them',
  webhook_outbox: 'delivery in flight',
  local_faults: 'test controls (/_local/faults): a restore and a reset clear them',
  webhook_sendouts: 'delivery history',
  webhook_attempts: 'delivery history',
};

/** Columns a snapshot leaves out: the project (the one loading it), writers' transaction ids, and a webhook's signing secret and creation snapshot (the receiving project's own). */
function leftOutColumn(table: string, column: string): boolean {
  if (column === 'project_id' || column === 'xid') return true;
  return table === 'webhooks' && (column === 'secret' || column === 'created_snapshot');
}

export type ColumnKind = 'text' | 'boolean' | 'integer' | 'number' | 'json' | 'timestamp';

export interface RecordColumn {
  /** The SQL name: the key in the document. */
  name: string;
  /** Drizzle's property name on the table. */
  key: string;
  kind: ColumnKind;
  nullable: boolean;
  /** May be left out of a hand-written document (nullable, or a default applies). */
  optional: boolean;
}

/** A reference between records: every non-null `columns` value names a row of `table` by `foreignColumns`. */
export interface RecordReference {
  columns: string[];
  table: string;
  foreignColumns: string[];
}

export interface RecordTable {
  name: string;
  table: PgTable;
  columns: RecordColumn[];
  /** Columns that name a row of any project (its primary key, and `id` where it is not the key): taken by another project is a conflict. */
  keys: string[];
  /** Order of rows in the document: the primary key, else every column. */
  order: string[];
  /** Sequence-filled columns, moved past the loaded values. */
  serials: string[];
  references: RecordReference[];
  /** The table's column by its SQL name (left-out ones included). */
  column(name: string): PgColumn;
}

function kindOf(column: PgColumn): ColumnKind {
  switch (column.columnType) {
    case 'PgText':
      return 'text';
    case 'PgBoolean':
      return 'boolean';
    case 'PgInteger':
    case 'PgBigInt53':
    case 'PgBigSerial53':
      return 'integer';
    case 'PgDoublePrecision':
      return 'number';
    case 'PgJsonb':
      return 'json';
    case 'PgTimestamp':
      return 'timestamp';
    default:
      throw new Error(`records: no codec for ${column.name} (${column.columnType})`);
  }
}

/** References the schema holds by convention only (ids in text columns without a foreign key). */
const conventionReferences: Record<string, RecordReference[]> = {
  card_transactions: [{ columns: ['related_transaction_id'], table: 'card_transactions', foreignColumns: ['id'] }],
  point_buckets: [{ columns: ['transaction_id'], table: 'card_transactions', foreignColumns: ['id'] }],
  redemptions: [
    { columns: ['reward_id'], table: 'rewards', foreignColumns: ['id'] },
    { columns: ['assignment_id'], table: 'reward_assignments', foreignColumns: ['id'] },
    { columns: ['transaction_id'], table: 'card_transactions', foreignColumns: ['id'] },
  ],
  redemption_rollbacks: [
    { columns: ['voucher_id'], table: 'vouchers', foreignColumns: ['id'] },
    { columns: ['transaction_id'], table: 'card_transactions', foreignColumns: ['id'] },
  ],
};

function describeTable(table: PgTable): RecordTable {
  const config = getTableConfig(table);
  const name = config.name;
  const keyOf = new Map(Object.entries(table as unknown as Record<string, PgColumn>).filter(([, c]) => config.columns.includes(c)).map(([key, c]) => [c.name, key]));
  const columns = config.columns
    .filter((c) => !leftOutColumn(name, c.name))
    .map((c) => ({ name: c.name, key: keyOf.get(c.name) ?? c.name, kind: kindOf(c), nullable: !c.notNull, optional: !c.notNull || c.hasDefault }));
  const kept = new Set(columns.map((c) => c.name));
  const primary = config.columns.filter((c) => c.primary && kept.has(c.name)).map((c) => c.name);
  const keys = [...new Set([...primary, ...(kept.has('id') ? ['id'] : [])])];
  const references = config.foreignKeys
    .map((fk) => fk.reference())
    .map((r) => {
      const pairs = r.columns.map((c, i) => [c.name, r.foreignColumns[i].name] as const).filter(([c]) => c !== 'project_id');
      return { columns: pairs.map(([c]) => c), table: getTableName(r.foreignTable), foreignColumns: pairs.map(([, f]) => f) };
    })
    .filter((r) => r.columns.length > 0 && r.table !== 'projects');
  return {
    name,
    table,
    columns,
    keys,
    order: primary.length > 0 ? primary : columns.map((c) => c.name),
    serials: config.columns.filter((c) => c.columnType === 'PgBigSerial53' && kept.has(c.name)).map((c) => c.name),
    references: [...references, ...(conventionReferences[name] ?? [])],
    column(columnName: string) {
      const column = config.columns.find((c) => c.name === columnName);
      if (!column) throw new Error(`records: ${name} has no column ${columnName}`);
      return column;
    },
  };
}

/** The snapshot's tables in the order they load: each after every table it references. */
export const recordTables: RecordTable[] = snapshotTables.map(describeTable);

export const recordTableByName = new Map(recordTables.map((t) => [t.name, t]));

for (const t of recordTables) {
  const position = recordTables.indexOf(t);
  for (const r of t.references) {
    const target = recordTableByName.get(r.table);
    if (!target) throw new Error(`records: ${t.name} references ${r.table}, which a snapshot leaves out`);
    if (r.table !== t.name && recordTables.indexOf(target) > position) throw new Error(`records: ${t.name} must load after ${r.table}`);
  }
}
