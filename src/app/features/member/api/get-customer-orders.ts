import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderListQuerySchema, orderListSchema, type OrderList } from '../../../../contract/order';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { memberKeys } from './get-member';

/** GET /v1/orders?customer=…: the card holder's orders, newest first, a page at a time (page is 1-based). */
export function getCustomerOrders(customerId: string, query: { page: number; limit: number }, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest('/v1/orders', orderListSchema, { query: contractQuery(orderListQuerySchema, { customer: customerId, limit: query.limit, page: query.page, order: '-created_at' }), signal });
}

/** Under the card's key, so a change on the card (an activation, a cancellation) refreshes it too. */
export function useCustomerOrders(code: string, customerId: string, page: number, limit: number) {
  return useQuery({
    queryKey: [...memberKeys.card(code), 'orders', customerId, { page, limit }],
    queryFn: ({ signal }) => getCustomerOrders(customerId, { page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}
