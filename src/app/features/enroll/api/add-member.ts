import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { loyaltyMemberSchema, type AddMemberRequest, type LoyaltyMember } from '../../../../contract/loyalty-member';
import { apiRequest } from '../../../lib/api-client';
import { loyaltyProgramsKeys } from '../../../api/get-loyalty-programs';
import { programMembersKeys } from '../../../api/get-program-members';
import { cardHoldersKeys } from '../../../api/get-card-holders';

/** POST /v1/loyalties/{campaignId}/members: publishes a card of the program to a customer. */
export interface AddMemberVariables {
  campaignId: string;
  body: AddMemberRequest;
}

export const addMemberKeys = {
  all: ['loyalties', 'add-member'] as const,
};

export function addMember({ campaignId, body }: AddMemberVariables): Promise<LoyaltyMember> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members`, loyaltyMemberSchema, { method: 'POST', body });
}

export function addMemberMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: addMemberKeys.all,
    mutationFn: addMember,
    onSuccess: (_member: LoyaltyMember, { campaignId }: AddMemberVariables) => {
      // Not awaited: the card shows at once, the members table catches up a moment later.
      void queryClient.invalidateQueries({ queryKey: programMembersKeys.all(campaignId) });
      // Add Member may have changed the customer's name or email.
      void queryClient.invalidateQueries({ queryKey: cardHoldersKeys.all });
      // An auto-update program may have generated the card: its count changed.
      void queryClient.invalidateQueries({ queryKey: loyaltyProgramsKeys.lists, refetchType: 'none' });
    },
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation(addMemberMutationOptions(queryClient));
}
