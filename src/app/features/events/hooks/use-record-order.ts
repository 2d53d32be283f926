import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderRequest, OrderObject } from '../../../../contract/order';
import { findMembers, findMembersKeys } from '../../../api/find-members';
import { getPendingPoints, pendingPointsKeys } from '../../../api/get-pending-points';
import { createOrder } from '../api/create-order';
import { cardTransactionsKeys, getCardTransactions } from '../api/get-card-transactions';
import { cardEarnings, type CardEarnings } from '../model/order-earnings';

export interface OrderResult {
  order: OrderObject;
  /** Each of the customer's cards with what the order earned or holds there; null when they could not be read. */
  cards: CardEarnings[] | null;
}

/** How far back the card's history and pending points are read for the order's own entries: one order earns once per rule. */
const recent = 20;

/**
 * Records a paid order, then reads the customer's cards, their latest transactions and pending
 * points, and keeps those that name the order: what it earned, and what it holds until when.
 */
export function useRecordOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', 'record'],
    mutationFn: async (request: CreateOrderRequest): Promise<OrderResult> => {
      const order = await createOrder(request);
      const customerId = order.customer_id ?? order.customer?.id;
      if (!customerId) return { order, cards: [] };
      try {
        const { members } = await findMembers({ customer: customerId });
        const cards = await Promise.all(
          members.map(async (card) => {
            const [transactions, pending] = await Promise.all([getCardTransactions(card.code, recent), getPendingPoints(card.code, { limit: recent })]);
            return cardEarnings(order.id, { code: card.code, programName: card.campaign_name }, transactions.data, pending.data);
          }),
        );
        return { order, cards };
      } catch {
        // The order is recorded; only the read-back failed. The panel says so instead of failing the form.
        return { order, cards: null };
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cardTransactionsKeys.all });
      void queryClient.invalidateQueries({ queryKey: pendingPointsKeys.all });
      void queryClient.invalidateQueries({ queryKey: findMembersKeys.all });
    },
  });
}
