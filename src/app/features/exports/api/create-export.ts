import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { exportObjectSchema, type CreateTransactionsExport, type ExportObject } from '../../../../contract/export';
import { apiRequest } from '../../../lib/api-client';
import { exportsKeys } from './get-exports';

/** Which card to export: by code alone, or within a program (the API then checks the card belongs to it). */
export interface ExportTarget {
  code: string;
  campaignId?: string;
}

export interface CreateExportVariables {
  target: ExportTarget;
  body: CreateTransactionsExport;
}

/**
 * POST /v1/loyalties/{campaignId}/members/{memberId}/transactions/export, or without the program:
 * schedules the export; the file is made in the background.
 */
export function createExport({ target, body }: CreateExportVariables): Promise<ExportObject> {
  const member = encodeURIComponent(target.code);
  const path = target.campaignId
    ? `/v1/loyalties/${encodeURIComponent(target.campaignId)}/members/${member}/transactions/export`
    : `/v1/loyalties/members/${member}/transactions/export`;
  return apiRequest(path, exportObjectSchema, { method: 'POST', body });
}

export function createExportMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['exports', 'create'],
    mutationFn: createExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKeys.all }),
  });
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation(createExportMutationOptions(queryClient));
}
