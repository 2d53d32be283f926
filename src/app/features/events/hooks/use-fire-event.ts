import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackEventRequest, TrackEventResponse } from '../../../../contract/event';
import type { LoyaltyMember } from '../../../../contract/loyalty-member';
import { getCard } from '../api/get-card';
import { cardTransactionsKeys } from '../api/get-card-transactions';
import { trackEvent } from '../api/track-event';

export interface FireResult {
  request: TrackEventRequest;
  response: TrackEventResponse;
  /** When the event named a card: the card read just before and just after (null if it could not be read). */
  card?: { code: string; before: LoyaltyMember | null; after: LoyaltyMember | null };
}

/**
 * Sends an event; when it names a loyalty card, reads the card before and after, so the page can
 * show the points the event earned. (Another event on the card in between would be counted too.)
 */
export function useFireEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'fire'],
    mutationFn: async (request: TrackEventRequest): Promise<FireResult> => {
      const code = request.loyalty?.code;
      const before = code ? await getCard(code).catch(() => null) : null;
      const response = await trackEvent(request);
      if (!code) return { request, response };
      const after = await getCard(code).catch(() => null);
      return { request, response, card: { code, before, after } };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cardTransactionsKeys.all });
    },
  });
}
