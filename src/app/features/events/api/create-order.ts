import { orderObjectSchema, type CreateOrderRequest, type OrderObject } from '../../../../contract/order';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/orders: records the order; with status PAID, the customer's order-paid rules earn on it. */
export function createOrder(body: CreateOrderRequest): Promise<OrderObject> {
  return apiRequest('/v1/orders', orderObjectSchema, { method: 'POST', body });
}
