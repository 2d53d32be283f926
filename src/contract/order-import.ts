import { z } from 'zod';
import { createOrderRequestSchema } from './order';

/**
 * POST /v1/orders/import (openapi-loyalty-rest `import-orders`): historical orders, written by a
 * job. Each order takes the fields and rules of Create Order (`createOrderRequestSchema`); the
 * body is the array itself.
 */

/** The real API's limit of orders in one import request. */
export const maxImportedOrders = 2000;

export const importOrdersRequestSchema = z
  .array(createOrderRequestSchema, { error: 'must be an array of orders' })
  .superRefine((orders, ctx) => {
    // Named at the first order past the limit, so the client sees which one is too many.
    if (orders.length > maxImportedOrders) ctx.addIssue({ code: 'custom', path: [maxImportedOrders], message: `at most ${maxImportedOrders} orders in one import, not ${orders.length}` });
  })
  .meta({ maxItems: maxImportedOrders });
export type ImportOrdersRequest = z.infer<typeof importOrdersRequestSchema>;
export type ImportedOrder = ImportOrdersRequest[number];

/** The answer: the async action to poll (openapi-loyalty-rest `AsyncActions`). */
export const asyncActionCreatedSchema = z.object({ async_action_id: z.string() });
export type AsyncActionCreated = z.infer<typeof asyncActionCreatedSchema>;
