import type { DbOrTx } from '../../../platform/db/client';
import type { OutboxKind } from '../../domain/webhook-events';
import { plainRows } from '../plain-sql';
import type { OrderRow } from './orders';
import type { pendingPoints } from '../../../platform/db/schema';

// The row's type from the schema, not from pending-points.ts, which calls this module (no circle).
type PendingPointsRow = typeof pendingPoints.$inferSelect;

const insertText = `INSERT INTO webhook_outbox (project_id, kind, subject_id, payload, created_at) VALUES ($1, $2, $3, $4::text::jsonb, $5::timestamptz)`;

/**
 * A change that is no ledger row, recorded for webhooks in the change's own transaction (call it
 * with the change's `tx`), so a rolled-back change leaves none (domain/webhook-events.ts).
 */
async function recordOutbox(db: DbOrTx, projectId: string, kind: OutboxKind, subjectId: string, payload: Record<string, unknown>, at: Date): Promise<void> {
  await plainRows(db, insertText, [projectId, kind, subjectId, JSON.stringify(payload), at.toISOString()]);
}

/** What an order change reports: its row as now written. */
export async function recordOrderChange(db: DbOrTx, kind: Extract<OutboxKind, `order.${string}`>, order: OrderRow, at: Date): Promise<void> {
  await recordOutbox(db, order.projectId, kind, order.id, { order }, at);
}

/** What a pending-points change reports: the entry as now written and how far its points moved. */
export async function recordPendingChange(db: DbOrTx, kind: Extract<OutboxKind, `pending_points.${string}`>, entry: PendingPointsRow, delta: number, at: Date): Promise<void> {
  await recordOutbox(db, entry.projectId, kind, entry.id, { entry, delta }, at);
}
