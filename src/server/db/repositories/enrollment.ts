import type { CustomerReference } from '../../../contract/customer';
import type { DbOrTx } from '../client';
import { freeCardCursor } from '../free-card-cursor';
import { plainRows } from '../plain-sql';
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

/** The source id of a reference the one-statement enrollment takes, with its profile. */
function bySourceId(reference: CustomerReference) {
  if (typeof reference === 'string') return reference.startsWith('cust_') ? undefined : { sourceId: reference, profile: {} };
  if (reference.id !== undefined || reference.source_id === undefined) return undefined;
  return { sourceId: reference.source_id, profile: profileOf(reference) };
}

/**
 * Add Member's common case in one autocommitted statement, one round trip instead of a transaction's
 * five: lock the campaign's next free card, upsert the customer by source id, give them the card,
 * record the publication. On this machine's 2 vCPUs each round trip costs two process wake-ups,
 * and those, not SQL, bounded enrollments per second (bench:api).
 *
 * It writes nothing, and returns undefined, wherever the full transaction has more to do or to say:
 * a customer named by id, no free card (an auto-update campaign generates one; otherwise the error),
 * or a project with filter segments (the customer's memberships must follow in the same
 * transaction). A customer who already joined, or a reused publication source_id, fails it on the
 * unique index, which rolls it back whole; the caller then runs the transaction, which answers those.
 */
export async function enrollInOneStatement(db: DbOrTx, input: OneStatementEnrollment): Promise<VoucherRow | undefined> {
  const customer = bySourceId(input.customer);
  if (!customer) return undefined;
  const values: unknown[] = [input.projectId, input.campaignId, input.now.toISOString()];
  const applies = `EXISTS (SELECT 1 FROM free) AND NOT EXISTS (SELECT 1 FROM segments WHERE project_id = $1 AND type IN ('auto-update', 'passive'))`;
  const upsert = upsertBySourceIdSql(values, { projectId: input.projectId, sourceId: customer.sourceId, profile: customer.profile, now: input.now, onlyIf: applies });
  const p = input.publication;
  values.push(p.id, p.sourceId ?? null, p.channel ?? null, JSON.stringify(p.metadata ?? {}));
  const [id, sourceId, channel, metadata] = [values.length - 3, values.length - 2, values.length - 1, values.length].map((n) => `$${n}`);
  // Start after the campaign's cursor. When nothing is free there, this writes nothing and the
  // transaction's pick (publishNextFreeCard) drops the cursor and looks from the oldest card.
  const after = freeCardCursor.after(input.campaignId);
  if (after) values.push(after.createdAt.toISOString(), after.id);
  const cursor = after && { createdAt: `$${values.length - 1}::timestamptz`, id: `$${values.length}::text` };
  const text = `WITH free AS (${nextFreeCardSql('$2', '$3::timestamptz', cursor)}),
    customer AS (${upsert} RETURNING id, source_id),
    card AS (
      UPDATE vouchers SET holder_id = customer.id, publish_count = publish_count + 1, updated_at = $3::timestamptz
      FROM customer WHERE vouchers.id = (SELECT id FROM free)
      RETURNING vouchers.*),
    publication AS (
      INSERT INTO publications (id, project_id, campaign_id, voucher_id, customer_id, tracking_id, source_id, channel, metadata, created_at)
      SELECT ${id}::text, $1, $2, card.id, customer.id, customer.source_id, ${sourceId}::text, ${channel}::text, ${metadata}::text::jsonb, $3::timestamptz FROM card, customer)
    SELECT ${voucherRows.columns('card')} FROM card`;
  const [row] = await plainRows(db, text, values);
  if (!row) return undefined;
  const card = voucherRows.row(row);
  freeCardCursor.advance(input.campaignId, card);
  return card;
}
