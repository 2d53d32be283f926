import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BalanceUpdateRequest } from '../../../../contract/loyalty-balance';
import { findMembersKeys } from '../../../api/find-members';
import { pendingPointsKeys } from '../../../api/get-pending-points';
import { activatePendingPoints } from '../api/activate-pending-points';
import { adjustBalance } from '../api/adjust-balance';
import { cancelPendingPoints } from '../api/cancel-pending-points';
import { memberKeys } from '../api/get-member';
import { redeemReward } from '../api/redeem-reward';

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
