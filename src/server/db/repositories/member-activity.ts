import { inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../platform/db/client';
import { cardTransactions, events, memberTierChanges, publications, vouchers } from '../../../platform/db/schema';
import type { CardTransactionRow } from './card-transactions';
import type { EventRow } from './events';
import type { PublicationRow } from './publications';
import type { MemberTierChangeRow } from './member-tiers';

/**
 * A card's activity is read from its ledger, not stored twice: the publication that gave the card
 * to its holder, every card transaction and every change of its tier, in the order they happened.
 * A publication sorts before a transaction of the same instant (a card is published before it
 * earns), a transaction before the tier change it caused; each by recording order (seq).
 */
export type ActivitySource = { kind: 'publication'; row: PublicationRow } | { kind: 'transaction'; row: CardTransactionRow } | { kind: 'tier'; row: MemberTierChangeRow };

export interface ActivityKey {
  kind: number;
  id: string;
  created_at: Date | string;
  seq: string | number;
}

const keysOfCard = (voucherId: string) => sql`
  SELECT 0 AS kind, p.id, p.created_at, 0::bigint AS seq FROM ${publications} p WHERE p.voucher_id = ${voucherId}
  UNION ALL
  SELECT 1 AS kind, t.id, t.created_at, t.seq FROM ${cardTransactions} t WHERE t.voucher_id = ${voucherId}
  UNION ALL
  SELECT 2 AS kind, c.id, c.created_at, c.seq FROM ${memberTierChanges} c WHERE c.voucher_id = ${voucherId}`;

/** Where an activity sits in the card's order, or undefined when the card has no such activity. */
export async function activityPosition(db: DbOrTx, voucherId: string, activityId: string): Promise<ActivityKey | undefined> {
  const [key] = await rowsOf<ActivityKey>(db, sql`SELECT * FROM (${keysOfCard(voucherId)}) a WHERE a.id = ${activityId} LIMIT 1`);
  return key;
}

/** Where the next page starts, and in which direction the list runs. */
interface PageOptions {
  limit: number;
  order: 'created_at' | '-created_at';
  after?: ActivityKey;
}

/** One page of activity keys from `keys` (a union of kind, id, created_at, seq), in the list's order. */
async function pageOfKeys(db: DbOrTx, keys: SQL, opts: PageOptions): Promise<ActivityKey[]> {
  const newestFirst = opts.order === '-created_at';
  const after = opts.after;
  const cursor = after
    ? newestFirst
      ? sql`WHERE (a.created_at, a.kind, a.seq) < (${new Date(after.created_at).toISOString()}::timestamptz, ${after.kind}, ${after.seq}::bigint)`
      : sql`WHERE (a.created_at, a.kind, a.seq) > (${new Date(after.created_at).toISOString()}::timestamptz, ${after.kind}, ${after.seq}::bigint)`
    : sql``;
  const direction = newestFirst ? sql`DESC` : sql`ASC`;
  return rowsOf<ActivityKey>(db, sql`SELECT * FROM (${keys}) a ${cursor} ORDER BY a.created_at ${direction}, a.kind ${direction}, a.seq ${direction} LIMIT ${opts.limit}`);
}

/** The records the keys name, read per kind in one query each, in the keys' order. */
async function sourcesOf(db: DbOrTx, keys: ActivityKey[]): Promise<CustomerActivitySource[]> {
  const idsOf = (kind: number) => keys.filter((k) => Number(k.kind) === kind).map((k) => k.id);
  const [pubs, txs, tierChanges, eventRows] = await Promise.all([
    idsOf(0).length ? db.select().from(publications).where(inArray(publications.id, idsOf(0))) : [],
    idsOf(1).length ? db.select().from(cardTransactions).where(inArray(cardTransactions.id, idsOf(1))) : [],
    idsOf(2).length ? db.select().from(memberTierChanges).where(inArray(memberTierChanges.id, idsOf(2))) : [],
    idsOf(-1).length ? db.select().from(events).where(inArray(events.id, idsOf(-1))) : [],
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const [pubById, txById, tierChangeById, eventById] = [byId(pubs), byId(txs), byId(tierChanges), byId(eventRows)];
  return keys.map((k): CustomerActivitySource => {
    const kind = Number(k.kind);
    if (kind === 0) return { kind: 'publication', row: pubById.get(k.id) as PublicationRow };
    if (kind === 1) return { kind: 'transaction', row: txById.get(k.id) as CardTransactionRow };
    if (kind === 2) return { kind: 'tier', row: tierChangeById.get(k.id) as MemberTierChangeRow };
    return { kind: 'event', row: eventById.get(k.id) as EventRow };
  });
}

/** A page of the card's activity, oldest first (`created_at`) or newest first (`-created_at`), after `after`. */
export async function listCardActivity(db: DbOrTx, voucherId: string, opts: PageOptions): Promise<ActivitySource[]> {
  return (await sourcesOf(db, await pageOfKeys(db, keysOfCard(voucherId), opts))) as ActivitySource[];
}

/**
 * A customer's activity: their cards' activity (as above) and their custom events, kind -1 so an
 * event sorts before the points it earned at the same instant.
 */
export type CustomerActivitySource = ActivitySource | { kind: 'event'; row: EventRow };

/** Which of the customer's records a customer activity list keeps. */
export interface CustomerActivityFilter {
  publications: boolean;
  events: boolean;
  transactionTypes: string[];
  tierChanges: string[];
  /** Only the records of this program (custom events belong to none). */
  campaignId?: string;
  start?: Date;
  end?: Date;
}

function keysOfCustomer(projectId: string, customerId: string, filter: CustomerActivityFilter): SQL {
  const parts: SQL[] = [];
  const campaign = (column: SQL) => (filter.campaignId === undefined ? sql`` : sql` AND ${column} = ${filter.campaignId}`);
  if (filter.publications) parts.push(sql`SELECT 0 AS kind, p.id, p.created_at, 0::bigint AS seq FROM ${publications} p WHERE p.project_id = ${projectId} AND p.customer_id = ${customerId}${campaign(sql`p.campaign_id`)}`);
  if (filter.transactionTypes.length) {
    parts.push(sql`SELECT 1 AS kind, t.id, t.created_at, t.seq FROM ${cardTransactions} t JOIN ${vouchers} v ON v.id = t.voucher_id
      WHERE v.project_id = ${projectId} AND v.holder_id = ${customerId} AND t.type = ANY(${sql.param(filter.transactionTypes)}::text[])${campaign(sql`t.campaign_id`)}`);
  }
  if (filter.tierChanges.length) {
    parts.push(sql`SELECT 2 AS kind, c.id, c.created_at, c.seq FROM ${memberTierChanges} c JOIN ${vouchers} v ON v.id = c.voucher_id
      WHERE v.project_id = ${projectId} AND v.holder_id = ${customerId} AND c.type = ANY(${sql.param(filter.tierChanges)}::text[])${campaign(sql`c.campaign_id`)}`);
  }
  if (filter.events && filter.campaignId === undefined) parts.push(sql`SELECT -1 AS kind, e.id, e.created_at, 0::bigint AS seq FROM ${events} e WHERE e.project_id = ${projectId} AND e.customer_id = ${customerId}`);
  if (parts.length === 0) parts.push(sql`SELECT 0 AS kind, ''::text AS id, now() AS created_at, 0::bigint AS seq WHERE false`);
  const dated = [filter.start && sql`a.created_at >= ${filter.start.toISOString()}::timestamptz`, filter.end && sql`a.created_at <= ${filter.end.toISOString()}::timestamptz`].filter(Boolean) as SQL[];
  const union = sql.join(parts, sql` UNION ALL `);
  return dated.length ? sql`SELECT * FROM (${union}) a WHERE ${sql.join(dated, sql` AND `)}` : union;
}

/** Where an activity sits in the customer's list (with the same filter), or undefined when it has none such. */
export async function customerActivityPosition(db: DbOrTx, projectId: string, customerId: string, filter: CustomerActivityFilter, activityId: string): Promise<ActivityKey | undefined> {
  const [key] = await rowsOf<ActivityKey>(db, sql`SELECT * FROM (${keysOfCustomer(projectId, customerId, filter)}) k WHERE k.id = ${activityId} LIMIT 1`);
  return key;
}

/** A page of the customer's activity across their cards and events, in the order asked, after `after`. */
export async function listCustomerActivity(db: DbOrTx, projectId: string, customerId: string, filter: CustomerActivityFilter, opts: PageOptions): Promise<CustomerActivitySource[]> {
  return sourcesOf(db, await pageOfKeys(db, keysOfCustomer(projectId, customerId, filter), opts));
}
