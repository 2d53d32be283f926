import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { exportsKeys } from './get-exports';

/** DELETE /v1/exports/{exportId}: 204 without a body; the export and its file are gone, and its link stops working. */
export function deleteExport(exportId: string): Promise<void> {
  return apiRequest(`/v1/exports/${encodeURIComponent(exportId)}`, z.undefined(), { method: 'DELETE' });
}

export function deleteExportMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['exports', 'delete'],
    mutationFn: deleteExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKeys.all }),
  });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation(deleteExportMutationOptions(queryClient));
}
