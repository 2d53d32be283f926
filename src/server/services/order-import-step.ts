import { z } from 'zod';
import type { ImportFailure } from '../../contract/async-action';
import { createOrderRequestSchema, type CreateOrderRequest } from '../../contract/order';
import { formatValidationDetail } from '../../contract/validation-details';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { ServiceContext } from '../context';
import { OrderAmountProblem } from '../domain/order-totals';
import { ApiError } from '../lib/api-error';
import type { AsyncActionSteps } from './async-action-step';
import { upsertOrder } from './orders';

const storedOrders = z.array(createOrderRequestSchema);

/**
 * Why an order was refused, as the import's result reports it (`{source_id, reason}`), the reason
 * naming the order by its index in the request in the one format of validation details; undefined
 * for an error that is not the order's (the database went away): that one fails the attempt.
 */
function refusal(error: unknown, order: CreateOrderRequest, index: number): ImportFailure | undefined {
  const sourceId = order.source_id ?? null;
  if (error instanceof OrderAmountProblem) return { source_id: sourceId, reason: formatValidationDetail({ kind: 'invalid', path: [index, ...error.path].map(String), message: error.message }) };
  if (error instanceof ApiError) return { source_id: sourceId, reason: formatValidationDetail({ kind: 'invalid', path: [String(index)], message: error.details ?? error.message }) };
  if (violatedUniqueIndex(error) === 'orders_project_source_uq') return { source_id: sourceId, reason: formatValidationDetail({ kind: 'invalid', path: [String(index), 'source_id'], message: `Duplicated order exists with source_id ${order.source_id}` }) };
  return undefined;
}

/**
 * One order, historical (orders.ts: no event, no order-paid earning), in a savepoint of the
 * import's transaction: a refused order leaves nothing behind, and the import goes on. A parallel
 * Create Order that inserted the same new source_id first makes this one an update of it.
 */
async function importOne(ctx: ServiceContext, tx: Tx, projectId: string, order: CreateOrderRequest, index: number, now: Date): Promise<ImportFailure | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.cardChanges.transaction(tx, (savepoint) => upsertOrder(ctx, savepoint, projectId, order, now, 'historical'));
      return undefined;
    } catch (error) {
      if (attempt === 1 && violatedUniqueIndex(error) === 'orders_project_source_uq') continue;
      const refused = refusal(error, order, index);
      if (!refused) throw error;
      return refused;
    }
  }
}

/** ORDERS.IMPORT: each item one historical order. */
export const orderImportSteps: AsyncActionSteps<CreateOrderRequest> = { items: (payload) => storedOrders.parse(payload), apply: importOne };
