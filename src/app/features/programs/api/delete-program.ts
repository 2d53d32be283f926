import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * DELETE /v1/loyalties/{campaignId}?force=true: the program and all its cards, for good (`force`:
 * not to the real API's bin, from which nothing here brings it back). The answer is not read: the
 * real API answers the async action that deletes the cards.
 */
export function deleteProgram(id: string): Promise<unknown> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE', query: { force: true } });
}

export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProgram, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loyalties'] }) });
}
