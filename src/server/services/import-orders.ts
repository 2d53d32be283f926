import type { AsyncActionCreated, ImportOrdersRequest } from '../../contract/order-import';
import type { ServiceContext } from '../context';
import { requestAmountProblem } from '../domain/order-request-amounts';
import { invalidPayloadAt } from '../lib/api-error';
import { enqueueAsyncAction } from './enqueue-async-action';

/**
 * POST /v1/orders/import: every order checked by the rules its request decides alone (the shape,
 * by the route's schema; the amounts here), each problem named by the order's index
 * (`Property .3.items.0.amount`), and nothing written when one fails. Then the import is recorded
 * ENQUEUED with its job, in one transaction; the job (run-async-action.ts) writes the orders.
 * What depends on stored data (products, customers, the order an `id` names) is checked when the
 * import's turn comes, since an import queued before it may create them; an order refused then is
 * reported in the async action's result, as the real API does.
 */
export async function importOrders(ctx: ServiceContext, projectId: string, orders: ImportOrdersRequest, requestId: string): Promise<AsyncActionCreated> {
  for (const [index, order] of orders.entries()) {
    const problem = requestAmountProblem(order);
    if (problem) throw invalidPayloadAt([index, ...problem.path], problem.message);
  }
  return enqueueAsyncAction(ctx, projectId, 'ORDERS.IMPORT', orders, requestId);
}
