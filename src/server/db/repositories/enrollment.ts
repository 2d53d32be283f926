import type { CustomerReference } from '../../../contract/customer';
import { newId } from '../../../platform/ids';
import type { DbOrTx } from '../../../platform/db/client';
import { freeCardCursor } from '../free-card-cursor';
import { arrayParam, plainRows } from '../plain-sql';
import { profileOf, upsertBySourceIdSql } from './customers';
import { nextFreeCardSql, voucherRows, type PublicationDraft, type VoucherRow } from './vouchers';

export interface OneStatementEnrollment {
  projectId: string;
  campaignId: string;
  /** A customer by source id: a string that is not a `cust_…` id, or an object with `source_id` and no `id`. */
  customer: CustomerReference;
  publication: PublicationDraft;
  now: Date;
}

/**
 * The customer of an enrollment the one-statement path can take, by source id with its profile fields;
 * undefined for a customer named by `cust_…` id (only the full transaction resolves those).
 */
export function oneStatementCustomer(reference: CustomerReference): { sourceId: string; profile: Record<string, unknown> } | undefined {
  if (typeof reference === 'string') return reference.startsWith('cust_') ? undefined : { sourceId: reference, profile: {} };
  if (reference.id !== undefined || reference.source_id === undefined) return undefined;
  return { sourceId: reference.source_id, profile: profileOf(reference) };
}

/**
 * Add Member's common case in one autocommitted statement, one round trip instead of a transaction's
 * five, for one enrollment or several of one project and campaign with the same profile fields that name different customers: lock
 * as many free cards of the campaign, upsert the customers by source id, give each one a card,
 * record the publications. On this machine's 2 vCPUs each round trip and each commit costs process
 * wake-ups, and those, not SQL, bound enrollments per second (bench:api).
 *
 * It writes nothing, and returns undefined, wherever the full transaction has more to do or to say:
 * a customer named by id, fewer free cards than enrollments (an auto-update campaign generates one;
 * otherwise the error), or a project with filter segments (the customer's memberships must follow
 * in the same transaction). A customer who already joined, or a reused publication source_id, fails
 * it on the unique index, which rolls it back whole; the caller then runs the transaction, which
 * answers those. Returns the cards in the order of `inputs`.
 */
export async function enrollTogether(db: DbOrTx, inputs: OneStatementEnrollment[]): Promise<VoucherRow[] | undefined> {
  const customers = inputs.map((input) => oneStatementCustomer(input.customer));
  if (customers.some((customer) => customer === undefined)) return undefined;
  const { projectId, campaignId } = inputs[0];
  // Each row keeps its request's time; the cards must be valid at the latest of them.
  const latest = new Date(Math.max(...inputs.map((input) => input.now.getTime())));
  const values: unknown[] = [projectId, campaignId, latest.toISOString(), inputs.length];
  // Start after the campaign's cursor. When too little is free there, this writes nothing and the
  // transaction's pick (publishNextFreeCard) drops the cursor and looks from the oldest card.
  const after = freeCardCursor.after(campaignId);
  if (after) values.push(after.createdAt.toISOString(), after.id);
  const cursor = after && { createdAt: `$${values.length - 1}::timestamptz`, id: `$${values.length}::text` };
  // The count is part of the text, not a parameter: with `LIMIT $n` PostgreSQL prices the generic
  // plan for a tenth of the campaign's cards and plans every execution afresh;
  // with the count written in, it settles on the generic plan. The batcher sends a dozen group sizes,
  // so each connection prepares a dozen texts, not a hundred.
  const free = nextFreeCardSql('$2', '$3::timestamptz', cursor, String(inputs.length));
  const applies = `(SELECT count(*) FROM free) = $4::int AND NOT EXISTS (SELECT 1 FROM segments WHERE project_id = $1 AND type IN ('auto-update', 'passive'))`;
  const upsert = upsertBySourceIdSql(values, {
    projectId,
    rows: inputs.map((input, i) => ({ id: newId('cust'), sourceId: customers[i]!.sourceId, profile: customers[i]!.profile, now: input.now })),
    onlyIf: applies,
  });
  const array = (list: unknown[], type: string) => arrayParam(values, list, type);
  const publications = [
    array(customers.map((customer) => customer!.sourceId), 'text'),
    array(inputs.map((input) => input.publication.id), 'text'),
    array(inputs.map((input) => input.publication.sourceId ?? null), 'text'),
    array(inputs.map((input) => input.publication.channel ?? null), 'text'),
    array(inputs.map((input) => JSON.stringify(input.publication.metadata ?? {})), 'text'),
    array(inputs.map((input) => input.now.toISOString()), 'timestamptz'),
  ];
  const text = `WITH free AS (SELECT id, row_number() OVER () AS n FROM (${free}) f),
    customer AS (${upsert} RETURNING id, source_id),
    input AS (SELECT * FROM unnest(${publications.join(', ')}) WITH ORDINALITY AS i(source_id, publication_id, publication_source_id, channel, metadata, now, n)),
    card AS (
      UPDATE vouchers SET holder_id = customer.id, publish_count = publish_count + 1, updated_at = input.now
      FROM free JOIN input ON input.n = free.n JOIN customer ON customer.source_id = input.source_id
      WHERE vouchers.id = free.id
      RETURNING vouchers.*, input.n AS input_n, input.publication_id, input.publication_source_id, input.channel AS publication_channel, input.metadata AS publication_metadata, customer.source_id AS tracking_id),
    publication AS (
      INSERT INTO publications (id, project_id, campaign_id, voucher_id, customer_id, tracking_id, source_id, channel, metadata, created_at)
      SELECT publication_id, $1, $2, id, holder_id, tracking_id, publication_source_id, publication_channel, publication_metadata::jsonb, updated_at FROM card)
    SELECT ${voucherRows.columns('card')}, card.input_n FROM card`;
  const rows = await plainRows(db, text, values);
  if (rows.length !== inputs.length) return undefined;
  const cards: VoucherRow[] = [];
  for (const row of rows) {
    const card = voucherRows.row(row);
    cards[Number(row[row.length - 1]) - 1] = card;
    freeCardCursor.advance(campaignId, card);
  }
  return cards;
}

/** enrollTogether for one enrollment. */
export async function enrollInOneStatement(db: DbOrTx, input: OneStatementEnrollment): Promise<VoucherRow | undefined> {
  return (await enrollTogether(db, [input]))?.[0];
}
