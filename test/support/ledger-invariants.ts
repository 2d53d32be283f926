import type { Database } from '../../src/platform/db/client';

/**
 * What must hold for every card of a project, whatever raced: its balance is the sum of its
 * transactions and of its buckets' points, and not negative; its pending total is the sum of its
 * PENDING entries, and not negative. And every pending entry has one outcome: still PENDING with
 * no activation and no cancellation recorded, ACTIVATED by exactly one PENDING_POINTS_ACTIVATION
 * transaction, or CANCELED with exactly one `pending_points.canceled` record and no activation.
 * Answers the breaches in words (an empty list when all hold), so a failure says which card or entry.
 */
export async function ledgerBreaches(database: Database, projectId: string): Promise<string[]> {
  const cards = await database.execute<{ code: string; balance: string; pending: string; transactions: string; buckets: string; entries: string }>(
    `SELECT v.code, v.balance, v.pending_points AS pending,
            (SELECT coalesce(sum(t.amount), 0) FROM card_transactions t WHERE t.voucher_id = v.id) AS transactions,
            (SELECT coalesce(sum(b.remaining), 0) FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets,
            (SELECT coalesce(sum(p.points), 0) FROM pending_points p WHERE p.voucher_id = v.id AND p.status = 'PENDING') AS entries
       FROM vouchers v WHERE v.project_id = $1 ORDER BY v.code`,
    [projectId],
  );
  const breaches: string[] = [];
  for (const card of cards) {
    const [balance, pending, transactions, buckets, entries] = [card.balance, card.pending, card.transactions, card.buckets, card.entries].map(Number);
    if (balance !== transactions || balance !== buckets || balance < 0) breaches.push(`${card.code}: balance ${balance}, transactions sum to ${transactions}, buckets hold ${buckets}`);
    if (pending !== entries || pending < 0) breaches.push(`${card.code}: pending_points ${pending}, PENDING entries hold ${entries}`);
  }
  const entries = await database.execute<{ id: string; status: string; activations: string; cancellations: string }>(
    `SELECT p.id, p.status,
            (SELECT count(*) FROM card_transactions t WHERE t.voucher_id = p.voucher_id AND t.type = 'PENDING_POINTS_ACTIVATION' AND t.details->'pending_points'->>'id' = p.id) AS activations,
            (SELECT count(*) FROM webhook_outbox o WHERE o.subject_id = p.id AND o.kind = 'pending_points.canceled') AS cancellations
       FROM pending_points p WHERE p.project_id = $1 ORDER BY p.id`,
    [projectId],
  );
  const expected: Record<string, [number, number]> = { PENDING: [0, 0], ACTIVATED: [1, 0], CANCELED: [0, 1] };
  for (const entry of entries) {
    const [activations, cancellations] = [Number(entry.activations), Number(entry.cancellations)];
    const [wantActivations, wantCancellations] = expected[entry.status] ?? [-1, -1];
    if (activations !== wantActivations || cancellations !== wantCancellations) breaches.push(`${entry.id}: ${entry.status} with ${activations} activation(s) and ${cancellations} cancellation(s)`);
  }
  return breaches;
}
