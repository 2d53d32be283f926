import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCustomerRequest } from '../../../../contract/customer';
import type { BalanceUpdateRequest } from '../../../../contract/loyalty-balance';
import { findMembersKeys } from '../../../api/find-members';
import { pendingPointsKeys } from '../../../api/get-pending-points';
import { activatePendingPoints } from '../api/activate-pending-points';
import { adjustBalance } from '../api/adjust-balance';
import { cancelPendingPoints } from '../api/cancel-pending-points';
import { memberKeys } from '../api/get-member';
import { redeemReward } from '../api/redeem-reward';
import { reverseManualChange } from '../api/reverse-manual-change';
import { rollbackRedemption } from '../api/rollback-redemption';
import { transferPoints } from '../api/transfer-points';
import type { TransferPointsRequest } from '../../../../contract/points-transfer';
import { customerKeys } from '../api/get-customer';
import { updateCustomer } from '../api/update-customer';
import { deleteCustomer } from '../api/delete-customer';
import { deleteCustomerPermanently } from '../api/delete-customer-permanently';
import { cardHoldersKeys } from '../../../api/get-card-holders';
import { programMembersKeys } from '../../../api/get-program-members';
import type { CustomerDeletionKind } from './delete-customer-confirmation';
import type { Undo } from './undo';

/** After any change: the card, its chart, history, buckets, orders, pending points and affordable rewards, and search balances. */
function useRefreshMember(code: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.card(code) }),
      queryClient.invalidateQueries({ queryKey: pendingPointsKeys.card(code) }),
      queryClient.invalidateQueries({ queryKey: findMembersKeys.all }),
    ]);
}

export function useAdjustPoints(campaignId: string, code: string) {
  const refresh = useRefreshMember(code);
  return useMutation({ mutationFn: (request: BalanceUpdateRequest) => adjustBalance(campaignId, code, request), onSuccess: refresh });
}

export function useRedeemReward(campaignId: string, code: string) {
  const refresh = useRefreshMember(code);
  return useMutation({ mutationFn: (rewardId: string) => redeemReward(campaignId, code, rewardId), onSuccess: refresh });
}

export function useActivatePendingPoints(code: string) {
  const refresh = useRefreshMember(code);
  return useMutation({ mutationFn: (pendingPointsId: string) => activatePendingPoints(code, pendingPointsId), onSuccess: refresh });
}

export function useCancelPendingPoints(code: string) {
  const refresh = useRefreshMember(code);
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelPendingPoints(code, id, { reason }), onSuccess: refresh });
}

/** Corrected details show wherever the holder does: the member page's customer panel and the header search both read member search. */
export function useUpdateCustomer(code: string) {
  const refresh = useRefreshMember(code);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, body }: { customerId: string; body: UpdateCustomerRequest }) => updateCustomer(customerId, body),
    onSuccess: (customer) => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: customerKeys.one(customer.id) })]),
  });
}

/**
 * Deleting a customer (or erasing them for good): their profile and segments leave the cache, and the
 * lists that named them (member search, program members and their holders) are read again.
 */
export function useDeleteCustomer(kind: CustomerDeletionKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => (kind === 'erase' ? deleteCustomerPermanently(customerId).then(() => undefined) : deleteCustomer(customerId)),
    onSuccess: (_result, customerId) => {
      queryClient.removeQueries({ queryKey: customerKeys.one(customerId) });
      queryClient.removeQueries({ queryKey: ['customer-segments', customerId] });
      // Not awaited: the page that asked moves on at once (to the members list), which reads afresh.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: findMembersKeys.all }),
        // Every program's member pages: the customer may hold cards in several.
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'loyalties' && query.queryKey[2] === programMembersKeys.all('')[2] }),
        queryClient.invalidateQueries({ queryKey: cardHoldersKeys.all }),
      ]);
    },
  });
}

/** A reward redemption rolled back, or points added or removed by hand reversed, with the agent's reason. */
export function useUndoChange(code: string) {
  const refresh = useRefreshMember(code);
  return useMutation({
    mutationFn: async ({ undo, transactionId, reason }: { undo: Undo; transactionId: string; reason: string }): Promise<void> => {
      if (undo.kind === 'rollback') await rollbackRedemption(undo.redemptionId, reason);
      else await reverseManualChange(code, transactionId, reason);
    },
    onSuccess: refresh,
  });
}

/** Points moved to this card from another: the other card's page and balances follow too. */
export function useTransferPoints(campaignId: string, code: string) {
  const refresh = useRefreshMember(code);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferPointsRequest) => transferPoints(campaignId, code, body),
    onSuccess: (_card, body) => Promise.all([refresh(), ...body.map((source) => queryClient.invalidateQueries({ queryKey: memberKeys.card(source.code) }))]),
  });
}
