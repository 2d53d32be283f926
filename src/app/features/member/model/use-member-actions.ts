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
import { customerKeys } from '../api/get-customer';
import { updateCustomer } from '../api/update-customer';

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
